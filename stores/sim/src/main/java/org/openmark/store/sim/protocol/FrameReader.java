package org.openmark.store.sim.protocol;

import java.nio.ByteBuffer;
import org.openmark.store.sim.engine.SimReply;

/**
 * Cuts frames out of a byte stream: checks each length prefix against the limit before any
 * payload is buffered, so a peer cannot make the reader wait for (or allocate) more than one
 * maximal frame.
 */
public final class FrameReader {
    /** The smallest payload: a type byte and a request id. */
    public static final int MIN_PAYLOAD_BYTES = 9;

    private final int maxPayloadBytes;

    /** @param maxPayloadBytes the largest payload accepted */
    public FrameReader(int maxPayloadBytes) {
        this.maxPayloadBytes = maxPayloadBytes;
    }

    /**
     * The next complete payload in {@code buf} (read mode, positioned at a frame start) as a
     * slice sharing its bytes, advancing {@code buf} past the frame; {@code null} when the frame
     * is not complete yet ({@code buf} unchanged).
     */
    public ByteBuffer next(ByteBuffer buf) throws ProtocolException {
        if (buf.remaining() < Wire.HEADER_BYTES) {
            return null;
        }
        int length = checkedLength(buf.getInt(buf.position()));
        if (buf.remaining() < Wire.HEADER_BYTES + length) {
            return null;
        }
        ByteBuffer payload = buf.slice(buf.position() + Wire.HEADER_BYTES, length);
        buf.position(buf.position() + Wire.HEADER_BYTES + length);
        return payload;
    }

    /**
     * The buffer size needed to hold the frame that starts at {@code buf}'s position (its
     * header included), or the header size while the header is incomplete.
     */
    public int bytesNeeded(ByteBuffer buf) throws ProtocolException {
        if (buf.remaining() < Wire.HEADER_BYTES) {
            return Wire.HEADER_BYTES;
        }
        return Wire.HEADER_BYTES + checkedLength(buf.getInt(buf.position()));
    }

    private int checkedLength(int length) throws ProtocolException {
        if (length > maxPayloadBytes || length < 0) {
            throw new ProtocolException(SimReply.ErrorReply.OVERSIZED,
                    "frame length " + Integer.toUnsignedLong(length) + " exceeds the limit of " + maxPayloadBytes + " bytes");
        }
        if (length < MIN_PAYLOAD_BYTES) {
            throw new ProtocolException(SimReply.ErrorReply.MALFORMED,
                    "frame length " + length + " is below the minimum of " + MIN_PAYLOAD_BYTES + " bytes");
        }
        return length;
    }

    /** The largest payload accepted. */
    public int maxPayloadBytes() {
        return maxPayloadBytes;
    }
}
