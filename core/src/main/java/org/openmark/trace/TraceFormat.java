package org.openmark.trace;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The trace file's layout (docs/traces.md, "The file"). Uncompressed at its start: the magic
 * {@code OMTRACE}, a version byte, the header's length (4 bytes, big-endian) and the header as JSON
 * ({@link TraceHeader}), so {@code head -c 2000 FILE} shows what made it. Then one zstd stream of
 * entries, each a tag byte and unsigned LEB128 varints:
 * <ul>
 * <li>{@link #NAME}: a string for the dictionary (operations, tables, statuses), numbered from 1 in order;
 * <li>{@link #OPERATION}: intended start as a zig-zag delta from the previous one's, actual start −
 * intended (zig-zag), end − actual start, the operation's, table's and status's dictionary numbers
 * (0 for none), the key (length + 1, 0 for none, then UTF-8), field count + 1, bytes, scan length, client;
 * <li>{@link #END}: operations, dropped, interrupted (0/1): the trace is complete.
 * </ul>
 * Operations are written in the order they ended, so intended starts may go back a little.
 */
final class TraceFormat {
    /** The file's first bytes. */
    static final byte[] MAGIC = "OMTRACE".getBytes(StandardCharsets.US_ASCII);
    /** The format written; a reader refuses another. */
    static final int VERSION = 1;
    /** The longest header a reader accepts (a run's properties). */
    static final int MAX_HEADER_BYTES = 1 << 20;
    /** The longest string (key, name) a reader accepts. */
    static final int MAX_STRING_BYTES = 1 << 16;

    static final int NAME = 1;
    static final int OPERATION = 2;
    static final int END = 3;

    private TraceFormat() {
    }

    static long zigZag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    static long unZigZag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }

    /** A varint; {@link EOFException} when the stream ends inside or before it. */
    static long readVarLong(InputStream in) throws IOException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException();
            }
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        throw new IOException("a number longer than 64 bits");
    }
}
