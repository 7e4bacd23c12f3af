package org.openmark.store.sim.protocol;

/**
 * Bytes that break the simulated store's protocol: a bad handshake, a frame that is malformed,
 * truncated, oversized or of unknown type. The only exception the decoders throw.
 */
public final class ProtocolException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int code;

    /** @param code one of the {@code SimReply.ErrorReply} codes */
    public ProtocolException(int code, String message) {
        // No stack trace: the cause is the peer's bytes, not our code path, and hostile peers
        // should not make rejecting a frame expensive.
        super(message, null, false, false);
        this.code = code;
    }

    /** The error code sent back in the error reply. */
    public int code() {
        return code;
    }
}
