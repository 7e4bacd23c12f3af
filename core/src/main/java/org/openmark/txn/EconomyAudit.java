package org.openmark.txn;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openmark.workload.ValidationReport;

/**
 * The closed economy's validation figures, account by account.
 *
 * <p>YCSB+T's check is the total: the cash found (plus, here, the pool) must equal the initial
 * total, and its anomaly score is γ = |S_initial − S_final| / n over the n acknowledged
 * operations. A sum can hide anomalies that cancel (a lost debit and a lost credit), so the audit
 * also compares every account with the ledger of acknowledged work: each transfer increments a
 * counter in both accounts it touches, so a counter below the ledger's count is that many lost
 * updates, and one above it is work the store applied although it was never acknowledged (an
 * aborted or failed transaction whose effect is visible anyway).
 */
final class EconomyAudit {
    /** What the ledger says an account should hold; {@code present} false for never-opened or closed ones. */
    record Expected(boolean present, long balance, long transfers) {
        static final Expected ABSENT = new Expected(false, 0, 0);
    }

    /** What the store holds. */
    record Found(long balance, long transfers) {
    }

    private final long totalCash;
    private final long poolCash;
    private final long actualOperations;
    private long accounts;
    private long foundCash;
    private long lostUpdates;
    private long phantomApplied;
    private long driftedAccounts;
    private long totalAbsDrift;
    private long negativeBalances;
    private long missingAccounts;
    private long unexpectedAccounts;
    private long unreadableAccounts;

    EconomyAudit(long totalCash, long poolCash, long actualOperations) {
        this.totalCash = totalCash;
        this.poolCash = poolCash;
        this.actualOperations = actualOperations;
    }

    /** One account found in the store ({@code found} null when absent). */
    void account(Expected expected, Found found) {
        accounts++;
        if (found == null) {
            if (expected.present()) {
                missingAccounts++;
            }
            return;
        }
        foundCash += found.balance();
        if (found.balance() < 0) {
            negativeBalances++;
        }
        if (!expected.present()) {
            unexpectedAccounts++;
            return;
        }
        lostUpdates += Math.max(0, expected.transfers() - found.transfers());
        phantomApplied += Math.max(0, found.transfers() - expected.transfers());
        long drift = found.balance() - expected.balance();
        if (drift != 0) {
            driftedAccounts++;
            totalAbsDrift += Math.abs(drift);
        }
    }

    /** One account the store could not return or whose money fields do not parse. */
    void unreadable() {
        accounts++;
        unreadableAccounts++;
    }

    long countedCash() {
        return foundCash + poolCash;
    }

    /** γ; with no acknowledged operation the difference itself. */
    double anomalyScore() {
        return Math.abs(totalCash - countedCash()) / (double) Math.max(1, actualOperations);
    }

    boolean passed() {
        return countedCash() == totalCash && lostUpdates == 0 && phantomApplied == 0 && missingAccounts == 0
                && unexpectedAccounts == 0 && unreadableAccounts == 0;
    }

    ValidationReport report() {
        List<String> lines = new ArrayList<>();
        lines.add("[TOTAL CASH], " + totalCash);
        lines.add("[COUNTED CASH], " + countedCash());
        lines.add("[ACTUAL OPERATIONS], " + actualOperations);
        lines.add("[ANOMALY SCORE], " + anomalyScore());
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("totalCash", totalCash);
        v.put("countedCash", countedCash());
        v.put("actualOperations", actualOperations);
        v.put("anomalyScore", anomalyScore());
        v.put("lostUpdates", lostUpdates);
        v.put("driftedAccounts", driftedAccounts);
        v.put("totalAbsDrift", totalAbsDrift);
        v.put("negativeBalances", negativeBalances);
        v.put("phantomApplied", phantomApplied);
        v.put("missingAccounts", missingAccounts);
        v.put("unexpectedAccounts", unexpectedAccounts);
        v.put("unreadableAccounts", unreadableAccounts);
        v.put("poolCash", poolCash);
        v.put("accountsChecked", accounts);
        for (Map.Entry<String, Object> e : v.entrySet()) {
            if (!List.of("totalCash", "countedCash", "actualOperations", "anomalyScore").contains(e.getKey())) {
                lines.add("[VALIDATION], " + Character.toUpperCase(e.getKey().charAt(0)) + e.getKey().substring(1)
                        + ", " + e.getValue());
            }
        }
        lines.add(passed() ? "Database validation succeeded" : "Database validation failed");
        return new ValidationReport(passed(), List.copyOf(lines), v, passed() ? null : failure());
    }

    /** What failed the validation, the figures that are not as they should be. */
    private String failure() {
        List<String> found = new ArrayList<>();
        if (countedCash() != totalCash) {
            String score = new BigDecimal(anomalyScore()).round(new MathContext(3)).stripTrailingZeros().toPlainString();
            found.add(String.format(Locale.ROOT, "counted cash %,d where the total is %,d (anomaly score %s)",
                    countedCash(), totalCash, score));
        }
        count(found, lostUpdates, "lost update", "lost updates");
        count(found, phantomApplied, "transfer applied but never acknowledged",
                "transfers applied but never acknowledged");
        count(found, missingAccounts, "account missing", "accounts missing");
        count(found, unexpectedAccounts, "account present that should not be", "accounts present that should not be");
        count(found, unreadableAccounts, "account unreadable", "accounts unreadable");
        return "the closed economy's validation failed: " + String.join(", ", found) + " ([VALIDATION] lines; a"
                + " table left over from an earlier run fails it too, see docs/transactions.md)";
    }

    private static void count(List<String> found, long n, String one, String many) {
        if (n > 0) {
            found.add(String.format(Locale.ROOT, "%,d %s", n, n == 1 ? one : many));
        }
    }
}
