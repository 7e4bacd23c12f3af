package org.openmark.store.sim.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.openmark.api.Record;
import org.openmark.store.sim.engine.SimReply;

/**
 * Builds one frame (length prefix + payload) in a reusable, growing byte array that never
 * exceeds the frame limit: writing past it throws {@link ProtocolException} with code
 * RESULT_TOO_LARGE. Not thread-safe; reuse one per thread.
 */
public final class FrameBuilder {
    /** Strings up to this length are tried as ASCII first. */
    private static final int ASCII_FAST_PATH_CHARS = 256;

    private final int maxPayloadBytes;
    private byte[] buf = new byte[256];
    private int size;

    /** @param maxPayloadBytes the largest payload a frame may carry */
    public FrameBuilder(int maxPayloadBytes) {
        this.maxPayloadBytes = maxPayloadBytes;
    }

    /** Starts a new frame of {@code type} for {@code requestId}, dropping any unfinished one. */
    public FrameBuilder start(byte type, long requestId) throws ProtocolException {
        size = Wire.HEADER_BYTES;
        putByte(type);
        putLong(requestId);
        return this;
    }

    /** The finished frame, length prefix included, as a buffer over the internal array (valid until the next start). */
    public ByteBuffer finish() {
        int payload = size - Wire.HEADER_BYTES;
        buf[0] = (byte) (payload >>> 24);
        buf[1] = (byte) (payload >>> 16);
        buf[2] = (byte) (payload >>> 8);
        buf[3] = (byte) payload;
        return ByteBuffer.wrap(buf, 0, size);
    }

    void putByte(int b) throws ProtocolException {
        ensure(1);
        buf[size++] = (byte) b;
    }

    void putInt(int v) throws ProtocolException {
        ensure(4);
        buf[size++] = (byte) (v >>> 24);
        buf[size++] = (byte) (v >>> 16);
        buf[size++] = (byte) (v >>> 8);
        buf[size++] = (byte) v;
    }

    void putLong(long v) throws ProtocolException {
        putInt((int) (v >>> 32));
        putInt((int) v);
    }

    void putBytes(byte[] b) throws ProtocolException {
        putInt(b.length);
        ensure(b.length);
        System.arraycopy(b, 0, buf, size, b.length);
        size += b.length;
    }

    void putString(String s) throws ProtocolException {
        int n = s.length();
        if (n <= ASCII_FAST_PATH_CHARS) {
            // Keys and field names are short and usually ASCII: write them straight into the
            // frame instead of allocating their UTF-8 bytes for every one.
            putInt(n);
            ensure(n);
            int start = size;
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c >= 0x80) {
                    size = start - 4;
                    putBytes(s.getBytes(StandardCharsets.UTF_8));
                    return;
                }
                buf[size++] = (byte) c;
            }
            return;
        }
        putBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    void putFieldSet(Collection<String> fields) throws ProtocolException {
        if (fields == null) {
            putInt(-1);
            return;
        }
        putInt(fields.size());
        for (String f : fields) {
            putString(f);
        }
    }

    void putValues(Map<String, byte[]> values) throws ProtocolException {
        putInt(values.size());
        for (Map.Entry<String, byte[]> e : values.entrySet()) {
            putString(e.getKey());
            putBytes(e.getValue());
        }
    }

    void putRecords(List<Record> records) throws ProtocolException {
        putInt(records.size());
        for (Record r : records) {
            putString(r.key());
            putValues(r.fields());
        }
    }

    private void ensure(int more) throws ProtocolException {
        long needed = (long) size + more;
        if (needed - Wire.HEADER_BYTES > maxPayloadBytes) {
            throw new ProtocolException(SimReply.ErrorReply.RESULT_TOO_LARGE,
                    "frame would exceed the limit of " + maxPayloadBytes + " bytes");
        }
        if (needed > buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min(Math.max(needed, 2L * buf.length), maxPayloadBytes + Wire.HEADER_BYTES));
        }
    }
}
