package org.openmark.txn;

import java.util.List;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;

/**
 * The closed economy's settings, resolved once. Names are YCSB's and YCSB+T's; defaults follow
 * the YCSB+T paper's closed-economy mix (90% balance reads, 10% transfers) with a zipfian choice
 * of accounts. All defaults are here:
 *
 * <table>
 * <tr><th>property</th><th>default</th></tr>
 * <tr><td>table</td><td>usertable</td></tr>
 * <tr><td>recordcount</td><td>1000 accounts (at least 2)</td></tr>
 * <tr><td>totalcash</td><td>1000000, split evenly, the remainder to the first accounts</td></tr>
 * <tr><td>readproportion</td><td>0.9</td></tr>
 * <tr><td>readmodifywriteproportion</td><td>0.1 (a transfer of 1 between two accounts)</td></tr>
 * <tr><td>scanproportion, updateproportion, insertproportion, deleteproportion</td><td>0</td></tr>
 * <tr><td>requestdistribution</td><td>zipfian (or uniform)</td></tr>
 * <tr><td>maxscanlength</td><td>1000</td></tr>
 * <tr><td>balancefield, transfersfield, memofield</td><td>{@code <fieldnameprefix>}0, 1, 2 (field0, field1, field2)</td></tr>
 * </table>
 *
 * @param expectedInserts inserts the run is expected to make ({@code operationcount ×
 *        insertproportion × 2}, YCSB's allowance), so the zipfian choice covers new accounts
 */
record EconomyConfig(String table, Accounts accounts, long recordCount, long totalCash, Mix mix, boolean zipfian,
        int maxScanLength, long expectedInserts) {

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
        String table = s.getString("table", "usertable");
        Accounts accounts = accounts(s);
        long records = s.getLong("recordcount", 1000, 2);
        long cash = s.getLong("totalcash", 1_000_000, 0);
        Mix mix = new Mix(s.getDouble("readproportion", 0.9, 0, 1), s.getDouble("scanproportion", 0, 0, 1),
                s.getDouble("updateproportion", 0, 0, 1), s.getDouble("insertproportion", 0, 0, 1),
                s.getDouble("deleteproportion", 0, 0, 1), s.getDouble("readmodifywriteproportion", 0.1, 0, 1));
        if (mix.total() <= 0) {
            throw new ConfigException("readproportion, scanproportion, updateproportion, insertproportion,"
                    + " deleteproportion and readmodifywriteproportion are all 0: at least one must be > 0");
        }
        String distribution = s.getChoice("requestdistribution", "zipfian", List.of("zipfian", "uniform"));
        int maxScan = s.getInt("maxscanlength", 1000, 1);
        long operations = s.getLong("operationcount", 0, 0);
        long expectedInserts = (long) (operations * mix.insert() / mix.total() * 2);
        return new EconomyConfig(table, accounts, records, cash, mix, distribution.equals("zipfian"), maxScan, expectedInserts);
    }

    /**
     * The field names: {@code balancefield}, {@code transfersfield}, {@code memofield}, by default
     * YCSB's column names {@code <fieldnameprefix>0, 1, 2} (prefix {@code field}), which SQL
     * stores create from {@code fieldcount} and {@code fieldnameprefix}: so {@code fieldcount}
     * must then be at least 3.
     */
    private static Accounts accounts(Settings s) {
        String prefix = s.getString("fieldnameprefix", "field");
        Accounts a = new Accounts(s.getString("balancefield", prefix + "0"),
                s.getString("transfersfield", prefix + "1"), s.getString("memofield", prefix + "2"));
        if (a.balanceField().isEmpty() || a.transfersField().isEmpty() || a.memoField().isEmpty()
                || a.balanceField().equals(a.transfersField()) || a.balanceField().equals(a.memoField())
                || a.transfersField().equals(a.memoField())) {
            throw new ConfigException("balancefield=" + a.balanceField() + ", transfersfield=" + a.transfersField()
                    + ", memofield=" + a.memoField() + ": must be three different, non-empty field names");
        }
        long fieldCount = s.getLong("fieldcount", 3, 1);
        boolean derived = !s.contains("balancefield") || !s.contains("transfersfield") || !s.contains("memofield");
        if (derived && fieldCount < 3) {
            throw ConfigException.of("fieldcount", String.valueOf(fieldCount), "the closed economy needs 3 fields"
                    + " (" + prefix + "0 balance, " + prefix + "1 transfers, " + prefix + "2 memo): must be >= 3");
        }
        return a;
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
