package org.openmark.store.etcd;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A record's fields in one etcd value: per field, its name's length (4 bytes), its name in UTF-8, its value's
 * length (4 bytes) and its bytes, the fields in name order. Every byte of a value is kept as it is.
 */
final class RecordCodec {
    private RecordCodec() {
    }

    /** The value that holds {@code fields}; never aliases their arrays. */
    static byte[] encode(Map<String, byte[]> fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 + fields.size() * 120);
        for (Map.Entry<String, byte[]> field : new TreeMap<>(fields).entrySet()) {
            byte[] name = field.getKey().getBytes(StandardCharsets.UTF_8);
            writeInt(out, name.length);
            out.writeBytes(name);
            writeInt(out, field.getValue().length);
            out.writeBytes(field.getValue());
        }
        return out.toByteArray();
    }

    /**
     * The fields of {@code value}, those in {@code wanted} only (all when null), each a fresh array; throws
     * IllegalArgumentException when the value is not in this encoding.
     */
    static Map<String, byte[]> decode(ByteBuffer value, Set<String> wanted) {
        Map<String, byte[]> fields = new LinkedHashMap<>();
        ByteBuffer in = value.duplicate();
        while (in.hasRemaining()) {
            byte[] name = new byte[length(in)];
            in.get(name);
            int length = length(in);
            String field = new String(name, StandardCharsets.UTF_8);
            if (wanted == null || wanted.contains(field)) {
                byte[] bytes = new byte[length];
                in.get(bytes);
                fields.put(field, bytes);
            } else {
                in.position(in.position() + length);
            }
        }
        return fields;
    }

    /**
     * The next length, checked against what is left before anything is allocated: a value another program wrote
     * ("written by etcdctl" reads as a length of 2 billion) is refused, not allocated.
     */
    private static int length(ByteBuffer in) {
        if (in.remaining() < 4) {
            throw new IllegalArgumentException("not a record in the store's encoding: " + in.remaining()
                    + " bytes where a length belongs");
        }
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
            throw new IllegalArgumentException("not a record in the store's encoding: a length of " + length
                    + " with " + in.remaining() + " bytes left");
        }
        return length;
    }

    private static void writeInt(ByteArrayOutputStream out, int value) {
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
    }
}
