package org.openmark.txn;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/**
 * How the closed economy stores an account: key {@code user<n>}; a balance and a transfers
 * counter as decimal text (so any store and any person can read them); a memo that blind updates
 * write without touching money. The field names default to YCSB's column names
 * ({@code field0}, {@code field1}, {@code field2}; YCSB+T too keeps the cash in {@code field0}),
 * so SQL stores that create YCSB's columns hold accounts as well (see {@link EconomyConfig}).
 *
 * @param balanceField the field holding the balance
 * @param transfersField the field counting the transfers applied to the account
 * @param memoField the field blind updates write
 */
record Accounts(String balanceField, String transfersField, String memoField) {

    /** The fields of an account: balance, transfers, memo. */
    static final int FIELDS = 3;
    /** The longest value a field holds: a memo ({@link EconomyClient#memo}); a number as text is at most 20. */
    static final int LONGEST_VALUE_BYTES = EconomyClient.memo(Integer.MAX_VALUE, Long.MAX_VALUE).length();

    /** YCSB's column names ({@code field0}, {@code field1}, {@code field2}). */
    static final Accounts DEFAULT = numbered(org.openmark.workload.WorkloadDefaults.FIELD_NAME_PREFIX);

    /** YCSB's column names with another prefix: {@code <prefix>0} balance, {@code 1} transfers, {@code 2} memo. */
    static Accounts numbered(String prefix) {
        return new Accounts(prefix + "0", prefix + "1", prefix + "2");
    }

    static String key(long number) {
        return "user" + number;
    }

    static byte[] encode(long value) {
        return Long.toString(value).getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] text(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }

    /** The fields a transfer and the validation read. */
    Set<String> moneyFields() {
        return Set.of(balanceField, transfersField);
    }

    /** The balance in {@code fields}, or null when absent or not a whole number. */
    Long balance(Map<String, byte[]> fields) {
        return decode(fields.get(balanceField));
    }

    /** The transfers counter in {@code fields}, or null when absent or not a whole number. */
    Long transfers(Map<String, byte[]> fields) {
        return decode(fields.get(transfersField));
    }

    private static Long decode(byte[] raw) {
        if (raw == null) {
            return null;
        }
        try {
            return Long.parseLong(new String(raw, StandardCharsets.US_ASCII).trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A whole record: money fields and a memo. */
    Map<String, byte[]> record(long balance, long transfers, String memo) {
        return Map.of(balanceField, encode(balance), transfersField, encode(transfers), memoField, text(memo));
    }

    /** The money fields only (what a transfer writes). */
    Map<String, byte[]> money(long balance, long transfers) {
        return Map.of(balanceField, encode(balance), transfersField, encode(transfers));
    }

    /** The memo only (what a blind update writes). */
    Map<String, byte[]> memo(String memo) {
        return Map.of(memoField, text(memo));
    }
}
