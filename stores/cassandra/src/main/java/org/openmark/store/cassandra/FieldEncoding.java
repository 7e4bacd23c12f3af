package org.openmark.store.cassandra;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * How a field's bytes are kept in its column, chosen by the column's CQL type.
 *
 * <p>{@link #TEXT} is YCSB's: its binding binds {@code ByteIterator.toString()} to a varchar column
 * and reads the column's raw bytes back. openmark writes one char per byte (byte {@code b} is
 * U+00{@code b}) and reads one byte per char, which is YCSB's rule for the printable ASCII its
 * workloads write, and round-trips every byte 0..255 (Cassandra keeps a text value as UTF-8, so a
 * byte above 0x7F takes two bytes on the server).
 */
enum FieldEncoding {
    /** A {@code text} ({@code varchar}) column: YCSB's layout, and what openmark creates. */
    TEXT("text") {
        @Override
        Object toCql(byte[] value) {
            return new String(value, StandardCharsets.ISO_8859_1);
        }

        @Override
        byte[] fromCql(ByteBuffer utf8) {
            byte[] raw = copy(utf8);
            for (byte b : raw) {
                if (b < 0) {
                    return latin1(raw);
                }
            }
            return raw; // ASCII: the UTF-8 bytes are the chars
        }
    },
    /** A {@code blob} column: openmark's earlier layout, the bytes as they are. */
    BLOB("blob") {
        @Override
        Object toCql(byte[] value) {
            return ByteBuffer.wrap(value.clone());
        }

        @Override
        byte[] fromCql(ByteBuffer bytes) {
            return copy(bytes);
        }
    };

    private final String cqlType;

    FieldEncoding(String cqlType) {
        this.cqlType = cqlType;
    }

    /**
     * The encoding of a column of CQL type {@code cqlType} ({@code text}, or {@code varchar}, its
     * alias, which the server reports as text; {@code blob}), or null for any other.
     */
    static FieldEncoding ofCqlType(String cqlType) {
        if (cqlType.equals("varchar")) {
            return TEXT;
        }
        for (FieldEncoding encoding : values()) {
            if (encoding.cqlType.equals(cqlType)) {
                return encoding;
            }
        }
        return null;
    }

    /** The column's CQL type as the driver's schema metadata names it. */
    String cqlType() {
        return cqlType;
    }

    /** The value to bind to a column of this type (never aliases {@code value}). */
    abstract Object toCql(byte[] value);

    /** The field's bytes from the column's raw value as the server sent it. */
    abstract byte[] fromCql(ByteBuffer raw);

    private static byte[] copy(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    /**
     * One byte per char of the UTF-8 text. A char above U+00FF cannot be one byte: neither openmark
     * nor YCSB's workloads write one, and such a value is given as its UTF-8 bytes, as YCSB's binding
     * reads every value, rather than altered.
     */
    private static byte[] latin1(byte[] utf8) {
        String text = new String(utf8, StandardCharsets.UTF_8);
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) > 0xFF) {
                return utf8;
            }
        }
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
