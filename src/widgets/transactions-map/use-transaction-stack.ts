import { formatListingPrice } from '../../core/format.ts';
import { PRECISION_LABEL } from '../../core/ingest/export.ts';
import type { ClusterMapController, StackHit } from '../../map/cluster-map-controller.ts';
import type { PropertyRow } from '../../../workers/contract.ts';
import type { StackItem } from '../stack-list/StackList.tsx';
import { useStackRead } from '../stack-list/use-stack-read.ts';

/** Transactions a stack's list reads from the worker at once (the rest are counted). */
const STACK_PAGE = 30;

/** One line per transaction: operation, price, quarter, colour and an approximate place's level (text only). */
export function transactionLabel(row: PropertyRow): string {
  const labels: Partial<Record<number, string>> = PRECISION_LABEL;
  const place = row.precision > 0 ? (labels[row.precision] ?? '') : '';
  return [row.operation, formatListingPrice(row.price, row.operation), row.quarter, row.color, place]
    .filter((p) => p !== '')
    .join(' · ');
}

interface TransactionStack {
  hit: StackHit;
  items: StackItem[];
}

async function readStack(controller: ClusterMapController, hit: StackHit): Promise<TransactionStack> {
  const found = await controller.stackRows(hit.clusterId, STACK_PAGE);
  return { hit, items: found.map((r) => ({ key: String(r.index), label: transactionLabel(r) })) };
}

/** The transactions of a cluster that cannot split, read from the worker (the page holds no records). */
export function useTransactionStack(
  controller: ClusterMapController | null,
  hit: StackHit | null,
): TransactionStack | null {
  return useStackRead(controller, hit, readStack);
}
