import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockIcon from '@mui/icons-material/Lock';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { moduleStatus, type ModuleStatus, paths } from '@pd/domain';
import { useId, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface SidebarModule {
  id: number;
  title: string;
  duration: string;
}

export interface ModuleSidebarProps {
  courseSlug: string;
  modules: readonly SidebarModule[];
  /** The module on screen. */
  activeModuleId: number;
  completedModules: readonly number[];
  completedCount: number;
  percent: number;
  /** A coming-soon preview opens every module. */
  preview?: boolean;
  /** 'Upgrade to Premium' for free users. */
  onUpgrade?: () => void;
  /** Called after a module link is followed (closes the drawer on phones). */
  onNavigate?: () => void;
}

const statusText: Record<ModuleStatus, string> = {
  completed: 'Completed',
  current: 'Available',
  locked: 'Locked',
};

const statusIcon: Record<ModuleStatus, ReactElement> = {
  completed: <CheckCircleIcon color="success" />,
  current: <PlayCircleOutlineIcon color="primary" />,
  locked: <LockIcon sx={{ color: 'text.secondary' }} />,
};

/** The course's modules with their status, and the course progress (spec section 2, Module page). */
export function ModuleSidebar({
  courseSlug,
  modules,
  activeModuleId,
  completedModules,
  completedCount,
  percent,
  preview = false,
  onUpgrade,
  onNavigate,
}: ModuleSidebarProps) {
  const progressLabelId = useId();
  const headingId = useId();
  return (
    <Box component="nav" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Course Modules
      </Typography>
      <Box sx={{ mb: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
          <Typography id={progressLabelId} variant="body2" sx={{ fontWeight: 600 }}>
            Course progress
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {percent}%
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, percent)}
          color={percent >= 100 ? 'success' : 'primary'}
          aria-labelledby={progressLabelId}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {completedCount} of {modules.length} modules completed
        </Typography>
      </Box>
      <List disablePadding sx={{ mx: -1 }}>
        {modules.map((module) => {
          const status =
            preview && !completedModules.includes(module.id)
              ? 'current'
              : moduleStatus(module.id, completedModules);
          const active = module.id === activeModuleId;
          const text = (
            <ListItemText
              primary={`${module.id}. ${module.title}`}
              secondary={`${statusText[status]} · ${module.duration}`}
              slotProps={{
                primary: { sx: { fontWeight: active ? 700 : 500, fontSize: '0.95rem' } },
                secondary: { sx: { color: 'text.secondary' } },
              }}
            />
          );
          const icon = <ListItemIcon sx={{ minWidth: 36 }}>{statusIcon[status]}</ListItemIcon>;
          if (status === 'locked') {
            return (
              <ListItem
                key={module.id}
                sx={{ px: 1, py: 0.5, borderRadius: 1 }}
                aria-current={active ? 'page' : undefined}
              >
                {icon}
                {text}
              </ListItem>
            );
          }
          return (
            <ListItem key={module.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={paths.module(courseSlug, module.id)}
                selected={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                sx={{ px: 1, borderRadius: 1 }}
              >
                {icon}
                {text}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {onUpgrade && (
        <Button
          variant="contained"
          color="secondary"
          fullWidth
          startIcon={<WorkspacePremiumIcon />}
          onClick={onUpgrade}
          sx={{ mt: 2 }}
        >
          Upgrade to Premium
        </Button>
      )}
    </Box>
  );
}
