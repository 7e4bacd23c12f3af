package org.openmark.store.sim.client;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.openmark.store.sim.engine.SimReply;

/**
 * A request started without a waiting thread: the connection's reader decodes its reply in place
 * and hands it to the {@link Replies} given at the start.
 */
final class StartedCall extends PendingCall {

    /** What a started request is told, once, on the connection's reader thread; must not block. */
    interface Replies {
        /** The server's reply to the request. */
        void replied(SimReply reply);

        /** The connection broke, or the reply was malformed: there will be no reply. */
        void failed(IOException cause);
    }

    /** Decodes a reply payload for a request id; a malformed one is an {@link IOException}. */
    interface Decoder {
        SimReply decode(long requestId, ByteBuffer payload) throws IOException;
    }

    private final Replies replies;
    private final Decoder decoder;

    StartedCall(long requestId, Replies replies, Decoder decoder) {
        super(requestId);
        this.replies = replies;
        this.decoder = decoder;
    }

    @Override
    void replied(ByteBuffer replyPayload) {
        SimReply reply;
        try {
            reply = decoder.decode(requestId(), replyPayload);
        } catch (IOException e) {
            replies.failed(e);
            return;
        }
        replies.replied(reply);
    }

    @Override
    void failed(IOException cause) {
        replies.failed(new IOException("connection to the simulated store is broken: " + cause.getMessage(), cause));
    }
}
