import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { brand, type FaqItem, type FaqSection } from '@pd/domain';
import { useId } from 'react';
import { Markdown } from '../../components/markdown';
import { QueryStatus } from '../../components/query-status';
import { usePageTitle } from '../../lib/use-page-title';
import { useRecordOnMount } from '../../offline/record-event';
import { useFaq } from './api/get-faq';

/** /faq: the six sections, each collapsible, each question collapsible with its Markdown answer. */
export function FaqPage() {
  usePageTitle('Frequently Asked Questions');
  useRecordOnMount('faq_visit', {});
  const faq = useFaq();

  return (
    <Box sx={{ py: { xs: 2, sm: 4 }, maxWidth: 900, mx: 'auto' }}>
      <Typography variant="h3" component="h1" sx={{ mb: 1.5 }}>
        Frequently Asked Questions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, fontSize: '1.125rem' }}>
        Answers about the courses, your account, payments and group licenses. Open a section, then a question.
      </Typography>

      <QueryStatus query={faq} subject="the FAQ" />
      {faq.data && (
        <Stack spacing={2}>
          {faq.data.map((section, index) => (
            <FaqSectionPanel key={section.id} section={section} defaultExpanded={index === 0} />
          ))}
        </Stack>
      )}

      <Typography color="text.secondary" sx={{ mt: 5 }}>
        Still have a question? Write to{' '}
        <Link href={`mailto:${brand.supportEmail}`} underline="always">
          {brand.supportEmail}
        </Link>
        .
      </Typography>
    </Box>
  );
}

function FaqSectionPanel({ section, defaultExpanded }: { section: FaqSection; defaultExpanded: boolean }) {
  const id = useId();
  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h2' } }}
      sx={{ borderRadius: 3, '&::before': { display: 'none' }, overflow: 'hidden' }}
    >
      <AccordionSummary
        id={`${id}-header`}
        aria-controls={`${id}-content`}
        expandIcon={<ExpandMoreIcon aria-hidden="true" />}
        sx={{ px: { xs: 2, sm: 3 }, py: 0.5 }}
      >
        <Box>
          <Typography component="span" variant="h6" sx={{ display: 'block' }}>
            {section.title}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {section.items.length} {section.items.length === 1 ? 'question' : 'questions'}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 1, sm: 2 }, pt: 0, pb: 2 }}>
        {section.items.map((item) => (
          <FaqQuestion key={item.question} item={item} />
        ))}
      </AccordionDetails>
    </Accordion>
  );
}

function FaqQuestion({ item }: { item: FaqItem }) {
  const id = useId();
  return (
    <Accordion
      disableGutters
      elevation={0}
      slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: true } }}
      sx={{ bgcolor: 'transparent', '&::before': { opacity: 1 } }}
    >
      <AccordionSummary
        id={`${id}-header`}
        aria-controls={`${id}-content`}
        expandIcon={<ExpandMoreIcon aria-hidden="true" />}
        sx={{ px: { xs: 1, sm: 1.5 } }}
      >
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {item.question}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 1, sm: 1.5 }, pt: 0 }}>
        <Markdown headingOffset={1}>{item.answer}</Markdown>
      </AccordionDetails>
    </Accordion>
  );
}
