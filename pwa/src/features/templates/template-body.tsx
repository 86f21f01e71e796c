import Box from '@mui/material/Box';
import { type TemplateBlock, templateBlocks, type TemplateInline } from '@pd/domain';
import { Fragment, type ReactNode, useMemo } from 'react';

function Inline({ spans }: { spans: readonly TemplateInline[] }) {
  return (
    <>
      {spans.map((span, i) => {
        let node: ReactNode = span.text;
        if (span.italic) node = <em>{node}</em>;
        if (span.bold) node = <strong>{node}</strong>;
        return <Fragment key={i}>{node}</Fragment>;
      })}
    </>
  );
}

function Block({ block }: { block: TemplateBlock }) {
  switch (block.kind) {
    case 'heading': {
      const Heading = `h${block.level}` as 'h2' | 'h3' | 'h4';
      return (
        <Heading>
          <Inline spans={block.text} />
        </Heading>
      );
    }
    case 'paragraph':
      return (
        <p>
          {block.lines.map((line, i) => (
            <Fragment key={i}>
              {i > 0 && <br />}
              <Inline spans={line} />
            </Fragment>
          ))}
        </p>
      );
    case 'rule':
      return <hr />;
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List>
          {block.items.map((item, i) => (
            <li key={i} className={item.checkbox ? 'check' : undefined}>
              <Inline spans={item.text} />
            </li>
          ))}
        </List>
      );
    }
    case 'table':
      return (
        <Box sx={{ overflowX: 'auto' }}>
          <table>
            <thead>
              <tr>
                {block.header.map((cell, i) => (
                  <th key={i} scope="col">
                    <Inline spans={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {block.header.map((_, c) => (
                    <td key={c}>
                      <Inline spans={row[c] ?? []} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      );
  }
}

/** A template's body: headings, lists with check boxes, tables to fill in, fill-in lines. */
export function TemplateBody({ markdown }: { markdown: string }) {
  const blocks = useMemo(() => templateBlocks(markdown), [markdown]);
  return (
    <Box
      className="template-body"
      sx={{
        '& h2': { typography: 'h6', mt: 3, mb: 1 },
        '& h3, & h4': { typography: 'subtitle1', fontWeight: 700, mt: 2, mb: 1 },
        '& table': { width: '100%', borderCollapse: 'collapse', my: 1.5 },
        '& th, & td': {
          border: '1px solid',
          borderColor: 'grey.500',
          p: 1,
          textAlign: 'left',
          verticalAlign: 'top',
        },
        '& td': { height: '2rem' },
        '& li.check': { listStyle: 'none', '&::before': { content: '"\\2610"', mr: 1, ml: -2.5 } },
      }}
    >
      {blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </Box>
  );
}
