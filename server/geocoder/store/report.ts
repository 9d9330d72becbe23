import type { MergeCounts } from './merge.ts';
import { IMPORT_MESSAGES as M } from './messages.ts';
import type { PlaceKind, RejectReason, SourceId, StoredPlace } from './types.ts';

export interface ReportInput {
  file: string;
  source: SourceId;
  read: number;
  accepted: readonly StoredPlace[];
  rejected: Partial<Record<RejectReason, number>>;
  counts: MergeCounts;
  total: number;
  storePath: string;
}

/** The deployer's report: what was read, what was kept by kind, what was left out and why, what merged. */
export function importReport(r: ReportInput): string {
  const lines = [M.title(r.file, r.source), M.read(r.read), M.accepted(r.accepted.length)];
  const byKind = new Map<PlaceKind, number>();
  for (const p of r.accepted) byKind.set(p.kind, (byKind.get(p.kind) ?? 0) + 1);
  if (byKind.size > 0) {
    lines.push(M.byKind);
    for (const [kind, n] of byKind) lines.push(`  ${M.kinds[kind]}: ${n}`);
  }
  const reasons = Object.entries(r.rejected) as [RejectReason, number][];
  lines.push(M.rejectedTitle(reasons.reduce((s, [, n]) => s + n, 0)));
  for (const [reason, n] of reasons) lines.push(`  ${M.reasons[reason]}: ${n}`);
  lines.push(M.added(r.counts.added), M.merged(r.counts.merged), M.kept(r.counts.keptHigher));
  lines.push(M.total(r.total, r.storePath), M.reload);
  return lines.join('\n');
}
