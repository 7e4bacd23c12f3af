package org.openmark.store.rocksdb.ycsb;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What YCSB's core workload puts in a record with {@code dataintegrity=true}, written here from its
 * documented rules (not from openmark's workload, so the two are checked against each other): keys
 * {@code user} + the FNV-1a 64-bit hash of the record number (insertorder=hashed, zeropadding=1),
 * fields {@code field0…}, and each value the text {@code key:field} extended by {@code ':'} and the
 * decimal {@link String#hashCode()} of the text so far until it is long enough, then cut; one byte
 * per character. Plain JDK only: it also runs in a child JVM on YCSB's RocksDB library.
 */
public final class YcsbData {
    private static final long FNV_OFFSET_BASIS_64 = 0xCBF29CE484222325L;
    private static final long FNV_PRIME_64 = 1099511628211L;

    private YcsbData() {
    }

    /** The key of record {@code number}, as YCSB names it by default. */
    public static String key(long number) {
        long hash = FNV_OFFSET_BASIS_64;
        long rest = number;
        for (int i = 0; i < 8; i++) {
            hash ^= rest & 0xFF;
            rest >>= 8;
            hash *= FNV_PRIME_64;
        }
        return "user" + Math.abs(hash);
    }

    /** The data-integrity value of {@code field} in record {@code key}, {@code length} bytes. */
    public static byte[] value(String key, String field, int length) {
        StringBuilder text = new StringBuilder(key).append(':').append(field);
        while (text.length() < length) {
            text.append(':').append(text.toString().hashCode());
        }
        byte[] out = new byte[length];
        for (int i = 0; i < length; i++) {
            out[i] = (byte) text.charAt(i);
        }
        return out;
    }

    /** The record YCSB loads for {@code key}: {@code fieldCount} fields of {@code length} bytes. */
    public static Map<String, byte[]> record(String key, int fieldCount, int length) {
        Map<String, byte[]> fields = new LinkedHashMap<>();
        for (int f = 0; f < fieldCount; f++) {
            fields.put("field" + f, value(key, "field" + f, length));
        }
        return fields;
    }
}
