package org.openmark.store.rocksdb;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;

/**
 * Encodes a record's field map as one RocksDB value:
 * {@code count, then count × (nameLength, name UTF-8, valueLength, value)}, every number an
 * unsigned LEB128 varint (one byte below 128). A YCSB record of 10 fields of 100 bytes costs
 * 10 × 2 bytes of lengths plus names and values, and no per-field type or version tags.
 */
final class RecordCodec {

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
        int size = varintSize(fields.size());
        int i = 0;
        for (Map.Entry<String, byte[]> e : fields.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                return null;
            }
            names[i] = e.getKey().getBytes(StandardCharsets.UTF_8);
            values[i] = e.getValue();
            size += varintSize(names[i].length) + names[i].length + varintSize(values[i].length) + values[i].length;
            i++;
        }
        byte[] out = new byte[size];
        int pos = writeVarint(out, 0, names.length);
        for (int f = 0; f < names.length; f++) {
            pos = writeBytes(out, pos, names[f]);
            pos = writeBytes(out, pos, values[f]);
        }
        return out;
    }

    /**
     * Decodes the requested fields ({@code null}: all) into {@code result}; each value is a
     * fresh array.
     *
     * @throws IllegalArgumentException when {@code data} is not a well-formed record
     */
    static void decode(byte[] data, Set<String> fields, Map<String, byte[]> result) {
        Reader in = new Reader(data);
        int count = in.length();
        for (int f = 0; f < count; f++) {
            int nameLength = in.length();
            String name = new String(data, in.take(nameLength), nameLength, StandardCharsets.UTF_8);
            int valueLength = in.length();
            int valueStart = in.take(valueLength);
            if (fields == null || fields.contains(name)) {
                result.put(name, Arrays.copyOfRange(data, valueStart, valueStart + valueLength));
            }
        }
        if (in.pos != data.length) {
            throw new IllegalArgumentException("corrupt record: " + (data.length - in.pos) + " bytes after the last field");
        }
    }

    static int varintSize(int value) {
        int size = 1;
        while ((value >>>= 7) != 0) {
            size++;
        }
        return size;
    }

    private static int writeBytes(byte[] out, int pos, byte[] bytes) {
        pos = writeVarint(out, pos, bytes.length);
        System.arraycopy(bytes, 0, out, pos, bytes.length);
        return pos + bytes.length;
    }

    private static int writeVarint(byte[] out, int pos, int value) {
        while ((value & ~0x7F) != 0) {
            out[pos++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out[pos++] = (byte) value;
        return pos;
    }

    /** Reads varint lengths and skips byte runs, checking every bound. */
    private static final class Reader {
        private final byte[] data;
        private int pos;

        Reader(byte[] data) {
            this.data = data;
        }

        /** A varint that must not exceed the bytes left (every counted item takes a byte or more). */
        int length() {
            long value = 0;
            for (int shift = 0; shift < 35; shift += 7) {
                if (pos >= data.length) {
                    throw new IllegalArgumentException("corrupt record: truncated length at byte " + pos);
                }
                byte b = data[pos++];
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    if (value > data.length - pos) {
                        throw new IllegalArgumentException("corrupt record: length " + value
                                + " at byte " + pos + " exceeds the " + (data.length - pos) + " bytes left");
                    }
                    return (int) value;
                }
            }
            throw new IllegalArgumentException("corrupt record: length longer than 5 bytes at byte " + pos);
        }

        /** Skips {@code n} bytes (already bounds-checked by {@link #length()}); returns where they start. */
        int take(int n) {
            int start = pos;
            pos += n;
            return start;
        }
    }
}
