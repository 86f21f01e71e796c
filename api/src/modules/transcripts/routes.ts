import { Readable } from 'node:stream';
import Router, { type RouterContext } from '@koa/router';
import {
  defaultSchoolYearStart,
  endpoints,
  GroupMembersCsvQuery,
  transcriptFileName,
  transcriptMessages,
  TranscriptQuery,
} from '@pd/domain';
import type { TranscriptRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../errors.js';
import { answered, route } from '../../route.js';
import { requireUser, signedInUser } from '../auth/require-user.js';
import { RenderQueue } from '../certificates/render-queue.js';
import { membersCsvName } from '../licences/present.js';
import { groupMemberPages } from '../licences/members.js';
import { setGroupSchoolYear } from '../licences/school-year.js';
import { transcriptsCsv, transcriptsZip } from './group-downloads.js';
import { presentTranscript, presentVerification } from './present.js';
import * as service from './service.js';

/**
 * The PD transcript (issue 28 part 3): the teacher's own (JSON or PDF), its public verification, the
 * teacher's and the group's start of the school year, and the licence admin's downloads of a group's
 * transcripts (a CSV and a zip of PDFs, both streamed).
 */
export function transcriptRoutes(deps: AppDeps): Router {
  const router = new Router();
  const signedIn = requireUser(deps);
  // PDFs are drawn one at a time per process (as certificates are).
  const renders = new RenderQueue(1);
  const pdfOf = (row: TranscriptRow) =>
    renders.run(`transcript ${row.id}`, () => service.transcriptPdf(deps, row));

  route(router, endpoints.transcript, signedIn, async ({ ctx }) => {
    const query = parseInput(TranscriptQuery, ctx.query);
    const user = signedInUser(ctx);
    const yearStart = await service.yearStartOf(deps, user.id);
    const row = await service.issueTranscript(deps, user, {
      timeZone: query.tz || 'UTC',
      schoolYearStart: yearStart.start,
    });
    ctx.set('Cache-Control', 'private, no-store');
    if (query.format === 'pdf') {
      ctx.type = 'application/pdf';
      ctx.attachment(transcriptFileName(row.id));
      ctx.body = await pdfOf(row);
      return answered();
    }
    return presentTranscript(row, {
      provider: deps.config.pdProvider,
      publicUrl: deps.config.publicUrl,
      yearStart,
    });
  });

  route(router, endpoints.transcriptSettings, signedIn, async ({ ctx, input }) => {
    await service.setYearStart(deps, signedInUser(ctx).id, input.schoolYearStart);
    return { schoolYearStart: input.schoolYearStart };
  });

  /** Public: anyone holding the id (printed and QR-coded on the PDF) may check it. */
  route(router, endpoints.verifyTranscript, async ({ ctx, params }) => {
    const row = await service.findTranscript(deps, params.id);
    ctx.set('Cache-Control', 'no-store');
    if (!row) {
      ctx.status = 404;
      return { valid: false as const, error: transcriptMessages.notFound };
    }
    return presentVerification(row, deps.config.pdProvider);
  });

  route(router, endpoints.licenseGroupSchoolYear, signedIn, async ({ ctx, input, params }) => {
    const start = await setGroupSchoolYear(deps, signedInUser(ctx), params.groupId, input.schoolYearStart);
    return { schoolYearStart: start };
  });

  /** The group's members (a page at a time) and its year, once the actor may read them (403/404 otherwise). */
  const groupDownload = async (ctx: RouterContext, groupId: string) => {
    const { tz } = parseInput(GroupMembersCsvQuery, ctx.query);
    const { group, pages: members } = await groupMemberPages(deps, signedInUser(ctx), groupId);
    const options = {
      timeZone: tz || 'UTC',
      schoolYearStart: group.schoolYearStart ?? defaultSchoolYearStart,
    };
    ctx.set('Cache-Control', 'private, no-store');
    const name = membersCsvName(group.name, deps.clock(), options.timeZone).replace(
      /-members-/,
      '-transcripts-',
    );
    return { members, options, name };
  };

  route(router, endpoints.licenseGroupTranscriptsCsv, signedIn, async ({ ctx, params }) => {
    const { members, options, name } = await groupDownload(ctx, params.groupId);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(name);
    ctx.body = Readable.from(transcriptsCsv(deps, members, options));
  });

  route(router, endpoints.licenseGroupTranscriptsZip, signedIn, async ({ ctx, params }) => {
    const { members, options, name } = await groupDownload(ctx, params.groupId);
    ctx.type = 'application/zip';
    ctx.attachment(name.replace(/\.csv$/, '.zip'));
    ctx.body = Readable.from(transcriptsZip(deps, members, options, pdfOf));
  });

  return router;
}
