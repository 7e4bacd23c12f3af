package org.openmark.txn;

/**
 * The closed economy's defaults where they are its own: for its own properties
 * ({@link EconomyProperties}), and for the core workload's properties whose default it sets
 * differently, because an economy is another workload (YCSB+T's closed-economy mix: 90% balance
 * reads, 10% transfers, zipfian accounts; three fields an account). Every other property it reads
 * has the core workload's default ({@link org.openmark.workload.WorkloadDefaults}: the table, the
 * field name prefix, the longest scan, the weights of scans, inserts and deletes).
 * docs/transactions.md states them, checked by WorkloadPropertiesDocumentedTest.
 */
public final class EconomyDefaults {
    /** {@code recordcount}: accounts (the core workload has none: it must be given). */
    public static final long RECORD_COUNT = 1000;
    /** {@code totalcash}: split evenly over the accounts, the remainder to the first ones. */
    public static final long TOTAL_CASH = 1_000_000;
    /**
     * {@code fieldcount}: an account's balance, transfers counter and memo (the core workload's 10
     * fields would have SQL stores create seven columns nobody writes). The economy writes these three
     * whatever {@code fieldcount} says; a {@code fieldcount} below 3 is refused where its field names
     * come from the prefix, since SQL stores create the columns from it.
     */
    public static final int FIELD_COUNT = Accounts.FIELDS;
    /** {@code readproportion}: the weight of balance reads. */
    public static final double READ_PROPORTION = 0.9;
    /** {@code updateproportion}: the weight of memo updates (the core workload's 0.05 would move no money). */
    public static final double UPDATE_PROPORTION = 0;
    /** {@code readmodifywriteproportion}: the weight of transfers. */
    public static final double READ_MODIFY_WRITE_PROPORTION = 0.1;
    /** {@code requestdistribution}: popular accounts, YCSB+T's choice ({@code uniform} is the other one allowed). */
    public static final String REQUEST_DISTRIBUTION = "zipfian";

    private EconomyDefaults() {
    }
}
