package org.openmark.txn;

/**
 * The names of the closed economy's own properties. It reads the core workload's names too where
 * they mean the same thing ({@code recordcount}, the proportions, {@code requestdistribution}, …:
 * {@link org.openmark.workload.WorkloadProperties}); where its default differs from the core
 * workload's, {@link EconomyDefaults} says so. docs/transactions.md lists them.
 */
public final class EconomyProperties {
    /** The money all accounts hold together. */
    public static final String TOTAL_CASH = "totalcash";
    /** The field that holds an account's balance. */
    public static final String BALANCE_FIELD = "balancefield";
    /** The field that counts the transfers applied to an account. */
    public static final String TRANSFERS_FIELD = "transfersfield";
    /** The field blind updates write. */
    public static final String MEMO_FIELD = "memofield";

    private EconomyProperties() {
    }
}
