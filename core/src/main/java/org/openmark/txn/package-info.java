/**
 * Transactions (YCSB+T, Dey et al., ICDE Workshops 2014): {@link org.openmark.txn.TransactionalOperation}
 * runs a workload's operation as one unit of work (start, the operation's calls, commit or abort,
 * retries per {@link org.openmark.txn.RetryPolicy}); {@link org.openmark.txn.Transactions#wrap}
 * applies it to a whole workload; {@link org.openmark.txn.TxnOverhead} compares a run with and
 * without transactions; {@link org.openmark.txn.ClosedEconomyWorkload} is YCSB+T's Closed Economy
 * Workload with a validation stage that counts lost updates exactly.
 */
package org.openmark.txn;
