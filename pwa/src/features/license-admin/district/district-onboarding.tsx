import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  type AdminLicenseGroup,
  type CreateJoinLinkResponse,
  deliveryLabels,
  formatJoinCode,
  type JoinLink,
  joinLinkStatusLabels,
  limits,
  parseRosterCsv,
  type RosterImportResponse,
  type RosterRowInput,
  type RosterRowResult,
} from '@pd/domain';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import {
  useCreateJoinLink,
  useDeliveryHelp,
  useJoinLinks,
  useRevokeJoinLink,
  useRosterImport,
  useRosterImportDetail,
  useRosterImports,
  useSetInviteReminders,
} from '../api/district';

const JoinLinkQr = lazy(() => import('./join-link-qr').then((m) => ({ default: m.JoinLinkQr })));

const shown = 200;

function ResultsTable({ results, label }: { results: RosterRowResult[]; label: string }) {
  return (
    <Box>
      {/* Scrolls within itself past a few rows: focusable, so the keyboard can scroll it too. */}
      <Box role="region" aria-label={`${label}, rows`} tabIndex={0} sx={{ maxHeight: 360, overflow: 'auto' }}>
        <Table size="small" aria-label={label} stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>Row</TableCell>
              <TableCell>E-mail</TableCell>
              <TableCell>Result</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {results.slice(0, shown).map((r) => (
              <TableRow key={r.row}>
                <TableCell>{r.row}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.email}</TableCell>
                <TableCell>
                  {r.outcome === 'skipped'
                    ? `Skipped: ${r.reason ?? ''}`
                    : r.outcome === 'invite'
                      ? 'Will be invited'
                      : r.delivery
                        ? `${deliveryLabels[r.delivery.status]}${r.delivery.error ? `: ${r.delivery.error}` : ''}`
                        : 'Invited'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {results.length > shown && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          First {shown} of {results.length} rows shown.
        </Typography>
      )}
    </Box>
  );
}

function ImportProgress({ groupId, importId }: { groupId: string; importId: string }) {
  const detail = useRosterImportDetail(groupId, importId);
  if (!detail.data) return <LinearProgress aria-label="Loading the import" />;
  const { invited, progress } = detail.data;
  const done = progress.sent + progress.not_delivered;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography role="status" sx={{ mb: 1 }}>
        {done} of {invited} e-mails done ({progress.sent} sent, {progress.not_delivered} not delivered,{' '}
        {progress.sending} waiting)
      </Typography>
      <LinearProgress
        variant="determinate"
        value={invited ? (done / invited) * 100 : 100}
        aria-label="E-mails sent"
        sx={{ mb: 2 }}
      />
      <ResultsTable results={detail.data.results} label="Rows of the import" />
    </Box>
  );
}

/** Roster import (issue 27): upload or paste, preview, confirm, then the e-mails' progress. */
function RosterImport({ group, offline }: { group: AdminLicenseGroup; offline: boolean }) {
  const [text, setText] = useState('');
  const [rows, setRows] = useState<RosterRowInput[] | null>(null);
  const [preview, setPreview] = useState<RosterImportResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const importer = useRosterImport(group.id);
  const history = useRosterImports(group.id);

  const runPreview = (csv: string) => {
    setPreview(null);
    const parsed = parseRosterCsv(csv);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setRows(parsed.rows);
    importer.mutate(
      { rows: parsed.rows, dryRun: true },
      {
        onSuccess: setPreview,
        onError: (e) => setError(errorMessage(e) ?? 'Something went wrong. Please try again.'),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="roster-heading">
      <Typography variant="h6" component="h2" id="roster-heading" gutterBottom>
        Import a roster
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A CSV file of up to {limits.maxRosterRows} rows: email, and optionally first name, last name and
        school (a header row in any order, commas or semicolons). You see what will happen before anything is
        sent.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Button variant="outlined" component="label" disabled={offline}>
          Choose a CSV file
          <input
            hidden
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-label="Roster file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void file.text().then(runPreview);
              event.target.value = '';
            }}
          />
        </Button>
      </Stack>
      <TextField
        label="Or paste rows"
        multiline
        minRows={3}
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={'email,first name,last name,school\nana@district.org,Ana,Ng,Lincoln'}
      />
      <Button
        sx={{ mt: 1 }}
        onClick={() => runPreview(text)}
        disabled={offline || importer.isPending || !text.trim()}
      >
        Preview
      </Button>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {preview && rows && (
        <Box sx={{ mt: 2 }}>
          <Typography role="status" sx={{ mb: 1 }}>
            {preview.summary.to_invite} to invite, {preview.summary.skipped} skipped · needs{' '}
            {preview.summary.seats_needed} of {preview.summary.seats_available} free seats
          </Typography>
          {preview.summary.refusal && (
            <Alert severity="error" sx={{ mb: 2 }}>
              <AlertTitle>Not Enough Licenses</AlertTitle>
              {preview.summary.refusal}
            </Alert>
          )}
          <ResultsTable results={preview.results} label="Roster preview" />
          <Button
            variant="contained"
            sx={{ mt: 2 }}
            disabled={
              offline ||
              importer.isPending ||
              preview.summary.refusal !== null ||
              preview.summary.to_invite === 0
            }
            onClick={() =>
              importer.mutate(
                { rows, dryRun: false },
                {
                  onSuccess: (answer) => {
                    setPreview(null);
                    setText('');
                    setSelected(answer.import_id);
                  },
                  onError: (e) => setError(errorMessage(e) ?? 'Something went wrong. Please try again.'),
                },
              )
            }
          >
            Send {preview.summary.to_invite} invitations
          </Button>
        </Box>
      )}
      {selected && <ImportProgress groupId={group.id} importId={selected} />}
      {history.data && history.data.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle1" component="h3">
            Roster imports
          </Typography>
          <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} spacing={1}>
            {history.data.map((i) => (
              <li key={i.id}>
                <Button size="small" onClick={() => setSelected(i.id)} aria-pressed={selected === i.id}>
                  {new Date(i.created_at).toLocaleString()}: {i.invited} invited, {i.skipped} skipped ·{' '}
                  {i.progress.sent} sent
                  {i.progress.not_delivered > 0 ? `, ${i.progress.not_delivered} not delivered` : ''}
                  {i.progress.sending > 0 ? `, ${i.progress.sending} waiting` : ''}
                </Button>
              </li>
            ))}
          </Stack>
        </Box>
      )}
    </Paper>
  );
}

const revocable = (link: JoinLink) => link.status === 'active' || link.status === 'used_up';
const domainsOf = (link: JoinLink) => link.allowed_domains.join(', ') || 'Any';
const revokeLabel = (link: JoinLink) =>
  `Revoke the join link for ${link.allowed_domains.join(', ') || 'any address'}, made ${new Date(link.created_at).toLocaleDateString()}`;

/** The group's join links: cards on a phone, a table (scrollable with the keyboard if it must) on a laptop. */
function JoinLinkList({
  links,
  offline,
  onRevoke,
}: {
  links: JoinLink[];
  offline: boolean;
  onRevoke: (id: string) => void;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const revokeButton = (l: JoinLink) =>
    revocable(l) && (
      <Button
        size="small"
        color="error"
        disabled={offline}
        aria-label={revokeLabel(l)}
        onClick={() => onRevoke(l.id)}
      >
        Revoke
      </Button>
    );
  if (phone) {
    return (
      <Stack component="ul" aria-label="Join links" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
        {links.map((l) => (
          <Paper component="li" variant="outlined" key={l.id} sx={{ p: 1.5 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Chip size="small" label={joinLinkStatusLabels[l.status]} />
              <Typography variant="body2">
                {l.uses} / {l.max_uses} uses
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              Domains: {domainsOf(l)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Made {new Date(l.created_at).toLocaleDateString()} · expires{' '}
              {new Date(l.expires_at).toLocaleDateString()}
            </Typography>
            {revokeButton(l)}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer
      role="region"
      aria-label="Join links table"
      tabIndex={0}
      sx={{ mt: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <Table size="small" aria-label="Join links">
        <TableHead>
          <TableRow>
            <TableCell>Created</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Uses</TableCell>
            <TableCell>Domains</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {links.map((l) => (
            <TableRow key={l.id}>
              <TableCell>{new Date(l.created_at).toLocaleDateString()}</TableCell>
              <TableCell>
                <Chip size="small" label={joinLinkStatusLabels[l.status]} />
              </TableCell>
              <TableCell>
                {l.uses} / {l.max_uses}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{domainsOf(l)}</TableCell>
              <TableCell>{new Date(l.expires_at).toLocaleDateString()}</TableCell>
              <TableCell>{revokeButton(l)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Join links (issue 27): make one, show its link, code and QR code once; list, uses, revoke. */
function JoinLinks({ group, offline }: { group: AdminLicenseGroup; offline: boolean }) {
  const links = useJoinLinks(group.id);
  const create = useCreateJoinLink(group.id);
  const revoke = useRevokeJoinLink(group.id);
  const [maxUses, setMaxUses] = useState(String(Math.max(1, group.licenses_available)));
  const [days, setDays] = useState(String(limits.joinLinkDefaultDays));
  const [domains, setDomains] = useState('');
  const [made, setMade] = useState<CreateJoinLinkResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="join-links-heading">
      <Typography variant="h6" component="h2" id="join-links-heading" gutterBottom>
        Join links
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        One link for many teachers, for a staff meeting or when invitation e-mails do not arrive. Each teacher
        who opens it signs up or signs in and takes a seat.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Uses" type="number" value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />
        <TextField
          label="Expires in (days)"
          type="number"
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <TextField
          label="Allowed e-mail domains (optional)"
          placeholder="district.org, schools.district.org"
          value={domains}
          onChange={(e) => setDomains(e.target.value)}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Button
        sx={{ mt: 1 }}
        variant="outlined"
        disabled={offline || create.isPending}
        onClick={() =>
          create.mutate(
            {
              maxUses: Number(maxUses),
              expiresInDays: Number(days),
              domains: domains
                .split(/[\s,;]+/)
                .map((d) => d.trim())
                .filter(Boolean),
            },
            {
              onSuccess: (answer) => {
                setMade(answer);
                setError(null);
              },
              onError: (e) => setError(errorMessage(e) ?? 'Something went wrong. Please try again.'),
            },
          )
        }
      >
        Create join link
      </Button>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {made && (
        <Alert severity="success" sx={{ mt: 2 }} onClose={() => setMade(null)}>
          <AlertTitle>Your join link</AlertTitle>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            <a href={made.url}>{made.url}</a>
          </Typography>
          <Typography sx={{ fontFamily: 'monospace', fontSize: 20, my: 1 }} aria-label="Join code">
            {formatJoinCode(made.code)}
          </Typography>
          <Suspense fallback={null}>
            <JoinLinkQr url={made.url} />
          </Suspense>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Copy it now: for safety only its fingerprint is kept, so it is shown this once. Lost it? Revoke it
            and make a new one.
          </Typography>
          <Button size="small" onClick={() => void navigator.clipboard?.writeText(made.url)}>
            Copy link
          </Button>
        </Alert>
      )}
      {links.data && links.data.length > 0 && (
        <JoinLinkList links={links.data} offline={offline} onRevoke={(id) => revoke.mutate(id)} />
      )}
    </Paper>
  );
}

/** Reminders on or off, and what a district's mail filter must let through (issue 27). */
function RemindersAndDelivery({ group, offline }: { group: AdminLicenseGroup; offline: boolean }) {
  const setReminders = useSetInviteReminders(group.id);
  const help = useDeliveryHelp();
  const on = group.invite_reminders ?? true;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="delivery-heading">
      <Typography variant="h6" component="h2" id="delivery-heading" gutterBottom>
        Reminders and delivery
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={offline || setReminders.isPending}
            onChange={(e) => setReminders.mutate(e.target.checked)}
          />
        }
        label="Remind pending invitations on day 3 and day 10 (they expire on day 14)"
      />
      {help.data && (
        <Alert severity="info" sx={{ mt: 2 }}>
          <AlertTitle>Invitations not arriving?</AlertTitle>
          District mail filters often hold invitations. Ask your IT team to allow mail from{' '}
          <strong>{help.data.sender_address}</strong> (the domain <strong>{help.data.sender_domain}</strong>).
          Meanwhile, share a join link instead: it needs no e-mail.
        </Alert>
      )}
    </Paper>
  );
}

/** The License Management page's district onboarding (issue 27), loaded lazily. */
export function DistrictOnboarding({ group, offline }: { group: AdminLicenseGroup; offline: boolean }) {
  return (
    <Box sx={{ mb: 4 }}>
      <RosterImport group={group} offline={offline} />
      <JoinLinks group={group} offline={offline} />
      <RemindersAndDelivery group={group} offline={offline} />
    </Box>
  );
}
