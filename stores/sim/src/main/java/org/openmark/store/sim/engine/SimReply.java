package org.openmark.store.sim.engine;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.openmark.api.Record;
import org.openmark.api.Status;

/** The engine's answer to one request; the same types travel over the wire. */
public sealed interface SimReply {

    /**
     * The outcome of a read, scan or write.
     *
     * @param waitNanos how long after its arrival the client sees the reply (latency draw +
     *     queueing + for writes the w-th replication delay)
     * @param fields the record read, or {@code null}
     * @param records the records scanned, or {@code null}
     */
    record OpReply(Status status, long waitNanos, Map<String, byte[]> fields, List<Record> records) implements SimReply {
        public OpReply {
            Objects.requireNonNull(status, "status");
            if (waitNanos < 0) {
                throw new IllegalArgumentException("waitNanos must be >= 0: " + waitNanos);
            }
        }
    }

    /** The ground truth so far, as JSON (see {@link TruthReport}). */
    record StatsReply(String json) implements SimReply {
        public StatsReply {
            Objects.requireNonNull(json, "json");
        }
    }

    /**
     * The server could not serve a request: a protocol error (the connection is then closed) or
     * a result too large for one frame (the connection stays open).
     */
    record ErrorReply(int code, String message) implements SimReply {
        /** The client's hello had the wrong magic or version. */
        public static final int BAD_HANDSHAKE = 1;
        /** A frame did not decode. */
        public static final int MALFORMED = 2;
        /** A frame's length was over the limit (or not positive). */
        public static final int OVERSIZED = 3;
        /** A frame's type is unknown. */
        public static final int UNKNOWN_TYPE = 4;
        /** The reply would not fit in one frame. */
        public static final int RESULT_TOO_LARGE = 5;
        /** The server failed (a bug). */
        public static final int INTERNAL = 6;

        public ErrorReply {
            Objects.requireNonNull(message, "message");
        }
    }
}
