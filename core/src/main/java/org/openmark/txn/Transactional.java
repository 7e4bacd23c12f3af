package org.openmark.txn;

/**
 * Marks a workload whose units of work are meant to run as transactions (the closed economy):
 * for it {@code txn.enabled} defaults to true. Other workloads run without transactions unless
 * the user sets {@code txn.enabled=true}.
 */
public interface Transactional {
}
