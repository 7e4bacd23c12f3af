package org.openmark.store.rocksdb;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;

/**
 * Encodes a record's field map as one RocksDB value the way YCSB's {@code RocksDBClient} does, so
 * either tool reads what the other wrote: the fields one after another, each as a 4-byte
 * big-endian name length, the name in UTF-8, a 4-byte big-endian value length and the value's
 * bytes as they are. There is no field count: the record ends where the value ends, and an empty
 * record is an empty value. A YCSB record of 10 fields of 100 bytes costs 10 × 8 bytes of lengths
 * plus names and values.
 */
final class RecordCodec {
    private static final int LENGTH_BYTES = 4;

    private RecordCodec() {
    }

    /** True when no field name or value is null. */
    static boolean isEncodable(Map<String, byte[]> fields) {
        for (Map.Entry<String, byte[]> e : fields.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                return false;
            }
        }
        return true;
    }

    /** The encoded record, or {@code null} when a field name or value is null. */
    static byte[] encode(Map<String, byte[]> fields) {
        byte[][] names = new byte[fields.size()][];
        byte[][] values = new byte[fields.size()][];
        long size = 0;
        int i = 0;
        for (Map.Entry<String, byte[]> e : fields.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                return null;
            }
            names[i] = e.getKey().getBytes(StandardCharsets.UTF_8);
            values[i] = e.getValue();
            size += 2L * LENGTH_BYTES + names[i].length + values[i].length;
            i++;
        }
        if (size > Integer.MAX_VALUE - 8) {
            return null; // cannot be one Java array, so no store could be handed it either
        }
        byte[] out = new byte[(int) size];
        int pos = 0;
        for (int f = 0; f < names.length; f++) {
            pos = writeBytes(out, pos, names[f]);
            pos = writeBytes(out, pos, values[f]);
        }
        return out;
    }

    /**
     * Decodes the requested fields ({@code null}: all) into {@code result}; each value is a
     * fresh array. A name given twice keeps its last value, as YCSB's binding does.
     *
     * @throws IllegalArgumentException when {@code data} is not a well-formed record
     */
    static void decode(byte[] data, Set<String> fields, Map<String, byte[]> result) {
        int pos = 0;
        while (pos < data.length) {
            int nameLength = length(data, pos);
            int nameStart = pos + LENGTH_BYTES;
            int valueLengthAt = nameStart + nameLength;
            int valueLength = length(data, valueLengthAt);
            int valueStart = valueLengthAt + LENGTH_BYTES;
            String name = new String(data, nameStart, nameLength, StandardCharsets.UTF_8);
            if (fields == null || fields.contains(name)) {
                result.put(name, Arrays.copyOfRange(data, valueStart, valueStart + valueLength));
            }
            pos = valueStart + valueLength;
        }
    }

    /**
     * Why {@code data} is not a record in this encoding, or {@code null} when it is one: every
     * length fits in the bytes left and the last value ends exactly at the end. Nothing is copied.
     */
    static String malformation(byte[] data) {
        try {
            int pos = 0;
            while (pos < data.length) {
                int valueLengthAt = pos + LENGTH_BYTES + length(data, pos);
                pos = valueLengthAt + LENGTH_BYTES + length(data, valueLengthAt);
            }
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** The 4-byte big-endian length at {@code pos}, checked against the bytes that follow it. */
    private static int length(byte[] data, int pos) {
        if (pos > data.length - LENGTH_BYTES) {
            throw new IllegalArgumentException("a length needs 4 bytes at byte " + pos + " of " + data.length);
        }
        int value = (data[pos] & 0xFF) << 24 | (data[pos + 1] & 0xFF) << 16 | (data[pos + 2] & 0xFF) << 8
                | (data[pos + 3] & 0xFF);
        int left = data.length - pos - LENGTH_BYTES;
        if (value < 0 || value > left) {
            throw new IllegalArgumentException("length " + Integer.toUnsignedString(value) + " at byte " + pos
                    + " exceeds the " + left + " bytes left");
        }
        return value;
    }

    private static int writeBytes(byte[] out, int pos, byte[] bytes) {
        int n = bytes.length;
        out[pos] = (byte) (n >>> 24);
        out[pos + 1] = (byte) (n >>> 16);
        out[pos + 2] = (byte) (n >>> 8);
        out[pos + 3] = (byte) n;
        System.arraycopy(bytes, 0, out, pos + LENGTH_BYTES, n);
        return pos + LENGTH_BYTES + n;
    }
}
