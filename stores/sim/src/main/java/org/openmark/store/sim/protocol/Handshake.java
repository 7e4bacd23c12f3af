package org.openmark.store.sim.protocol;

import java.nio.ByteBuffer;
import org.openmark.store.sim.engine.SimReply;

/** The client's hello: magic and version, checked by the server before any frame. */
public final class Handshake {
    private Handshake() {
    }

    /** The hello this client sends. */
    public static ByteBuffer clientHello() {
        return clientHello(Wire.MAGIC, Wire.VERSION);
    }

    /** A hello with any magic and version (tests send wrong ones). */
    public static ByteBuffer clientHello(int magic, int version) {
        ByteBuffer b = ByteBuffer.allocate(Wire.HELLO_BYTES);
        b.putInt(magic).putInt(version).flip();
        return b;
    }

    /** Reads and checks a hello of {@link Wire#HELLO_BYTES} bytes from {@code buf}. */
    public static void check(ByteBuffer buf) throws ProtocolException {
        int magic = buf.getInt();
        int version = buf.getInt();
        if (magic != Wire.MAGIC) {
            throw new ProtocolException(SimReply.ErrorReply.BAD_HANDSHAKE, String.format(
                    "not an openmark simulated store client: magic 0x%08X, expected 0x%08X", magic, Wire.MAGIC));
        }
        if (version != Wire.VERSION) {
            throw new ProtocolException(SimReply.ErrorReply.BAD_HANDSHAKE,
                    "protocol version " + version + " is not supported; this server speaks version " + Wire.VERSION);
        }
    }
}
