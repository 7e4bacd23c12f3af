package org.openmark.trace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.ZstdOutputStream;
import java.io.BufferedOutputStream;
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
    /** zstd's level: its fastest regular one, which keeps up with 100,000 operations/s on one core's share. */
    static final int LEVEL = 1;

    private final OutputStream out;
    private final Map<String, Integer> names = new HashMap<>();
    private long previousIntended;
    private long operations;
    private boolean ended;

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
        this.out = new BufferedOutputStream(z, 1 << 16);
    }

    /** Appends one operation. */
    public void write(TraceRecord r) throws IOException {
        int op = name(r.operation());
        int table = name(r.table());
        int status = name(r.status());
        out.write(TraceFormat.OPERATION);
        TraceFormat.writeVarLong(out, TraceFormat.zigZag(r.intendedStartNanos() - previousIntended));
        TraceFormat.writeVarLong(out, TraceFormat.zigZag(r.actualStartNanos() - r.intendedStartNanos()));
        TraceFormat.writeVarLong(out, TraceFormat.zigZag(r.endNanos() - r.actualStartNanos()));
        TraceFormat.writeVarLong(out, op);
        TraceFormat.writeVarLong(out, table);
        TraceFormat.writeVarLong(out, status);
        if (r.key() == null) {
            TraceFormat.writeVarLong(out, 0);
        } else {
            byte[] key = r.key().getBytes(StandardCharsets.UTF_8);
            TraceFormat.writeVarLong(out, key.length + 1L);
            out.write(key);
        }
        TraceFormat.writeVarLong(out, r.fieldCount() + 1L);
        TraceFormat.writeVarLong(out, r.bytes());
        TraceFormat.writeVarLong(out, r.scanLength());
        TraceFormat.writeVarLong(out, r.client());
        previousIntended = r.intendedStartNanos();
        operations++;
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
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.write(TraceFormat.NAME);
        TraceFormat.writeVarLong(out, b.length);
        out.write(b);
        return id;
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
        out.flush();
    }

    /** Writes the end mark and closes: the trace is complete. */
    public void finish(long dropped, boolean interrupted) throws IOException {
        out.write(TraceFormat.END);
        TraceFormat.writeVarLong(out, operations);
        TraceFormat.writeVarLong(out, dropped);
        out.write(interrupted ? 1 : 0);
        ended = true;
        out.close();
    }

    /** Closes; without {@link #finish} first the trace stays incomplete. */
    @Override
    public void close() throws IOException {
        if (!ended) {
            ended = true;
            out.close();
        }
    }
}
