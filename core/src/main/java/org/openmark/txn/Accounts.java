package org.openmark.txn;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/**
 * How the closed economy stores an account: key {@code user<n>}, a {@code balance} and a
 * {@code transfers} counter as decimal text (so any store and any person can read them), and a
 * {@code memo} that blind updates write without touching money.
 */
final class Accounts {
    static final String BALANCE = "balance";
    static final String TRANSFERS = "transfers";
    static final String MEMO = "memo";
    /** The fields a transfer and the validation read. */
    static final Set<String> MONEY_FIELDS = Set.of(BALANCE, TRANSFERS);

    private Accounts() {
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

    /** The number in {@code fields.get(field)}, or null when it is absent or not a whole number. */
    static Long decode(Map<String, byte[]> fields, String field) {
        byte[] raw = fields.get(field);
        if (raw == null) {
            return null;
        }
        try {
            return Long.parseLong(new String(raw, StandardCharsets.US_ASCII).trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A record with the given money fields (and a memo). */
    static Map<String, byte[]> record(long balance, long transfers, String memo) {
        return Map.of(BALANCE, encode(balance), TRANSFERS, encode(transfers), MEMO, text(memo));
    }

    /** The money fields only (what a transfer writes). */
    static Map<String, byte[]> money(long balance, long transfers) {
        return Map.of(BALANCE, encode(balance), TRANSFERS, encode(transfers));
    }
}
