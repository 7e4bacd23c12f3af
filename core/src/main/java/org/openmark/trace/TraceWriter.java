package org.openmark.trace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.ZstdOutputStream;
import java.io.Closeable;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes a trace ({@link TraceFormat}) to a stream, one operation at a time; not thread-safe (the
 * recorder's one writer thread). {@link #finish} writes the end mark; {@link #close} without it leaves
 * the trace incomplete, as a run that died leaves it.
 */
public final class TraceWriter implements Closeable {
    /**
     * zstd's level: -1, the first of its fast levels. Measured writing 2M entries of workload A through this writer: level 1
     * about 185 ns and 16 bytes an operation, -1 about 120 ns and 24 bytes; the CPU matters more than the size.
     */
    static final int LEVEL = -1;

    /** Compresses what {@link #buffer} collects, in chunks of up to {@value #CHUNK} bytes. */
    private final ZstdOutputStream out;
    /** The entries not handed to zstd yet: encoded here byte by byte, without a call or a lock per byte. */
    private byte[] buffer = new byte[CHUNK + 1024];
    private int length;
    private final Map<String, Integer> names = new HashMap<>();
    private long previousIntended;
    private long operations;
    private boolean ended;

    /** The bytes collected before they are compressed. */
    private static final int CHUNK = 1 << 16;

    /** Writes the uncompressed head (magic, version, header) to {@code raw}, then compresses what follows. */
    public TraceWriter(OutputStream raw, TraceHeader header) throws IOException {
        byte[] json = new ObjectMapper().writeValueAsBytes(header);
        DataOutputStream head = new DataOutputStream(raw);
        head.write(TraceFormat.MAGIC);
        head.writeByte(TraceFormat.VERSION);
        head.writeInt(json.length);
        head.write(json);
        head.flush();
        ZstdOutputStream z = new ZstdOutputStream(raw, LEVEL);
        z.setChecksum(true); // a damaged file is told from a whole one
        this.out = z;
    }

    /** Appends one operation. */
    public void write(TraceRecord r) throws IOException {
        write(r.intendedStartNanos(), r.actualStartNanos(), r.endNanos(), r.operation(), r.table(), r.key(),
                r.fieldCount(), r.bytes(), r.scanLength(), r.status(), r.client());
    }

    /** Appends one operation given as {@link TraceRecord}'s fields (the recorder's way: no record made for it). */
    void write(long intendedStartNanos, long actualStartNanos, long endNanos, String operation, String tableName,
            String key, int fieldCount, long bytes, int scanLength, String statusName, int client) throws IOException {
        int op = name(operation);
        int table = name(tableName);
        int status = name(statusName);
        room(96 + (key == null ? 0 : 3 * key.length()));
        put(TraceFormat.OPERATION);
        varLong(TraceFormat.zigZag(intendedStartNanos - previousIntended));
        varLong(TraceFormat.zigZag(actualStartNanos - intendedStartNanos));
        varLong(TraceFormat.zigZag(endNanos - actualStartNanos));
        varLong(op);
        varLong(table);
        varLong(status);
        if (key == null) {
            varLong(0);
        } else {
            string(key, 1);
        }
        varLong(fieldCount + 1L);
        varLong(bytes);
        varLong(scanLength);
        varLong(client);
        previousIntended = intendedStartNanos;
        operations++;
        if (length >= CHUNK) {
            drain();
        }
    }

    /** The dictionary number of {@code s} (0 for null), defining it first when new. */
    private int name(String s) throws IOException {
        if (s == null) {
            return 0;
        }
        Integer n = names.get(s);
        if (n != null) {
            return n;
        }
        int id = names.size() + 1;
        names.put(s, id);
        room(16 + 3 * s.length());
        put(TraceFormat.NAME);
        string(s, 0);
        return id;
    }

    /** {@code s} as its UTF-8 length plus {@code plus}, then its bytes (ASCII copied directly, as keys mostly are). */
    private void string(String s, int plus) {
        int n = s.length();
        boolean ascii = true;
        for (int i = 0; i < n && ascii; i++) {
            ascii = s.charAt(i) < 0x80;
        }
        if (ascii) {
            varLong(n + (long) plus);
            for (int i = 0; i < n; i++) {
                buffer[length++] = (byte) s.charAt(i);
            }
        } else {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            varLong(b.length + (long) plus);
            System.arraycopy(b, 0, buffer, length, b.length);
            length += b.length;
        }
    }

    private void put(int b) {
        buffer[length++] = (byte) b;
    }

    private void varLong(long v) {
        while ((v & ~0x7FL) != 0) {
            buffer[length++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buffer[length++] = (byte) v;
    }

    /** Makes room for {@code bytes} more. */
    private void room(int bytes) {
        if (length + bytes > buffer.length) {
            buffer = java.util.Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + bytes));
        }
    }

    /** Hands what was collected to zstd. */
    private void drain() throws IOException {
        out.write(buffer, 0, length);
        length = 0;
    }

    /** The operations written so far. */
    public long operations() {
        return operations;
    }

    /**
     * Makes what was written so far readable from the file (a zstd block ends here), so that a run that
     * dies leaves a trace readable up to its last flush.
     */
    public void flush() throws IOException {
        drain();
        out.flush();
    }

    /** Writes the end mark and closes: the trace is complete. */
    public void finish(long dropped, boolean interrupted) throws IOException {
        room(32);
        put(TraceFormat.END);
        varLong(operations);
        varLong(dropped);
        put(interrupted ? 1 : 0);
        drain();
        ended = true;
        out.close();
    }

    /** Closes; without {@link #finish} first the trace stays incomplete. */
    @Override
    public void close() throws IOException {
        if (!ended) {
            ended = true;
            drain();
            out.close();
        }
    }
}
