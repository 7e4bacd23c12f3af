package org.openmark.txn;

import static org.openmark.txn.EconomyProperties.BALANCE_FIELD;
import static org.openmark.txn.EconomyProperties.MEMO_FIELD;
import static org.openmark.txn.EconomyProperties.TRANSFERS_FIELD;
import static org.openmark.workload.WorkloadProperties.DELETE_PROPORTION;
import static org.openmark.workload.WorkloadProperties.FIELD_COUNT;
import static org.openmark.workload.WorkloadProperties.FIELD_NAME_PREFIX;
import static org.openmark.workload.WorkloadProperties.INSERT_PROPORTION;
import static org.openmark.workload.WorkloadProperties.MAX_SCAN_LENGTH;
import static org.openmark.workload.WorkloadProperties.READ_MODIFY_WRITE_PROPORTION;
import static org.openmark.workload.WorkloadProperties.READ_PROPORTION;
import static org.openmark.workload.WorkloadProperties.RECORD_COUNT;
import static org.openmark.workload.WorkloadProperties.REQUEST_DISTRIBUTION;
import static org.openmark.workload.WorkloadProperties.SCAN_PROPORTION;
import static org.openmark.workload.WorkloadProperties.TABLE;
import static org.openmark.workload.WorkloadProperties.UPDATE_PROPORTION;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.openmark.api.Clock;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.workload.WorkloadDefaults;
import org.openmark.workload.CoreWorkloadConfig;
import org.openmark.workload.RecordShape;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadProperties;
import org.openmark.workload.WorkloadSettings;

/**
 * The closed economy's settings, resolved once. Names are YCSB's and YCSB+T's: the core workload's
 * where they mean the same ({@link WorkloadProperties}), its own otherwise ({@link EconomyProperties}).
 * Its defaults follow the YCSB+T paper's closed-economy mix (90% balance reads, 10% transfers) with a
 * zipfian choice of accounts: those that are its own are {@link EconomyDefaults}, the rest the core
 * workload's ({@link WorkloadDefaults}); docs/transactions.md lists them.
 */
record EconomyConfig(String table, Accounts accounts, long recordCount, long totalCash, Mix mix, boolean zipfian,
        int maxScanLength) implements WorkloadSettings {

    /**
     * The operation proportions (relative weights, need not sum to 1).
     *
     * @param readModifyWrite transfers
     * @param delete closing an account (read its balance, delete it, its money to the pool)
     */
    record Mix(double read, double scan, double update, double insert, double delete, double readModifyWrite) {
        double total() {
            return read + scan + update + insert + delete + readModifyWrite;
        }
    }

    static EconomyConfig parse(Settings s) {
        String table = s.getString(TABLE, WorkloadDefaults.TABLE);
        Accounts accounts = accounts(s);
        long records = s.getLong(RECORD_COUNT, EconomyDefaults.RECORD_COUNT, 2);
        long cash = s.getLong(EconomyProperties.TOTAL_CASH, EconomyDefaults.TOTAL_CASH, 0);
        Mix mix = new Mix(s.getDouble(READ_PROPORTION, EconomyDefaults.READ_PROPORTION, 0, 1),
                s.getDouble(SCAN_PROPORTION, WorkloadDefaults.SCAN_PROPORTION, 0, 1),
                s.getDouble(UPDATE_PROPORTION, EconomyDefaults.UPDATE_PROPORTION, 0, 1),
                s.getDouble(INSERT_PROPORTION, WorkloadDefaults.INSERT_PROPORTION, 0, 1),
                s.getDouble(DELETE_PROPORTION, WorkloadDefaults.DELETE_PROPORTION, 0, 1),
                s.getDouble(READ_MODIFY_WRITE_PROPORTION, EconomyDefaults.READ_MODIFY_WRITE_PROPORTION, 0, 1));
        if (mix.total() <= 0) {
            throw new ConfigException(String.join(", ", List.of(READ_PROPORTION, SCAN_PROPORTION, UPDATE_PROPORTION,
                    INSERT_PROPORTION, DELETE_PROPORTION)) + " and " + READ_MODIFY_WRITE_PROPORTION
                    + " are all 0: at least one must be > 0");
        }
        String distribution = s.getChoice(REQUEST_DISTRIBUTION, EconomyDefaults.REQUEST_DISTRIBUTION,
                List.of("zipfian", "uniform"));
        int maxScan = s.getInt(MAX_SCAN_LENGTH, WorkloadDefaults.MAX_SCAN_LENGTH, 1);
        return new EconomyConfig(table, accounts, records, cash, mix, distribution.equals("zipfian"), maxScan);
    }

    /**
     * The field names: {@code balancefield}, {@code transfersfield}, {@code memofield}, by default
     * YCSB's column names {@code <fieldnameprefix>0, 1, 2} (prefix {@code field}), which SQL
     * stores create from {@code fieldcount} and {@code fieldnameprefix}: so {@code fieldcount}
     * must then be at least 3.
     */
    private static Accounts accounts(Settings s) {
        String prefix = s.getString(FIELD_NAME_PREFIX, WorkloadDefaults.FIELD_NAME_PREFIX);
        Accounts numbered = Accounts.numbered(prefix);
        Accounts a = new Accounts(s.getString(BALANCE_FIELD, numbered.balanceField()),
                s.getString(TRANSFERS_FIELD, numbered.transfersField()), s.getString(MEMO_FIELD, numbered.memoField()));
        if (a.balanceField().isEmpty() || a.transfersField().isEmpty() || a.memoField().isEmpty()
                || a.balanceField().equals(a.transfersField()) || a.balanceField().equals(a.memoField())
                || a.transfersField().equals(a.memoField())) {
            throw new ConfigException(BALANCE_FIELD + "=" + a.balanceField() + ", " + TRANSFERS_FIELD + "="
                    + a.transfersField() + ", " + MEMO_FIELD + "=" + a.memoField()
                    + ": must be three different, non-empty field names");
        }
        long fieldCount = s.getLong(FIELD_COUNT, EconomyDefaults.FIELD_COUNT, 1);
        boolean derived = !s.contains(BALANCE_FIELD) || !s.contains(TRANSFERS_FIELD) || !s.contains(MEMO_FIELD);
        if (derived && fieldCount < Accounts.FIELDS) {
            throw ConfigException.of(FIELD_COUNT, String.valueOf(fieldCount), "the closed economy needs "
                    + Accounts.FIELDS + " fields (" + numbered.balanceField() + " balance, " + numbered.transfersField()
                    + " transfers, " + numbered.memoField() + " memo): must be >= " + Accounts.FIELDS);
        }
        return a;
    }

    /**
     * The economy of a run.
     *
     * @param operationCount the run's operation count, when a count bounds it: the zipfian choice of
     *     accounts then covers the accounts its inserts are expected to open ({@code operationcount ×
     *     insert share × 2}, YCSB's allowance)
     */
    @Override
    public Workload create(Clock clock, OptionalLong operationCount) {
        return new ClosedEconomyWorkload(this, (long) (operationCount.orElse(0) * mix.insert() / mix.total() * 2));
    }

    /** Its three fields, whatever {@code fieldcount} says: a balance and a counter as text, and a memo. */
    @Override
    public RecordShape recordShape() {
        return new RecordShape(Accounts.FIELDS, Accounts.LONGEST_VALUE_BYTES, Accounts.FIELDS + " fields ("
                + accounts.balanceField() + " balance, " + accounts.transfersField() + " transfers, "
                + accounts.memoField() + " memo) of up to " + Accounts.LONGEST_VALUE_BYTES + " bytes");
    }

    /** Its operations are units of work unless {@code txn.enabled=false}. */
    @Override
    public boolean transactional() {
        return true;
    }

    @Override
    public Optional<CoreWorkloadConfig.Proportions> operationProportions() {
        return Optional.of(new CoreWorkloadConfig.Proportions(mix.read(), mix.update(), mix.insert(), mix.scan(),
                mix.readModifyWrite(), mix.delete()));
    }

    /** The opening balance of account {@code key} (of the loaded ones). */
    long initialBalance(long key) {
        return totalCash / recordCount + (key < totalCash % recordCount ? 1 : 0);
    }

    /** How much a new account asks of the pool: the average opening balance. */
    long newAccountBalance() {
        return totalCash / recordCount;
    }
}
