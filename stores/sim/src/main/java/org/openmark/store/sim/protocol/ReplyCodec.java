package org.openmark.store.sim.protocol;

import java.nio.ByteBuffer;
import org.openmark.api.Status;
import org.openmark.store.sim.engine.SimReply;

/** Encodes and decodes reply frames, including the server's hello acknowledgement. */
public final class ReplyCodec {

    /** A decoded reply and the id of the request it answers. */
    public record Frame(long requestId, SimReply reply) {
    }

    /** The server's acknowledgement of a good hello. */
    public record HelloOk(int version, int maxFrameBytes) implements Decoded {
    }

    /** What a reply payload may hold. */
    public sealed interface Decoded permits HelloOk, Reply {
    }

    /** A reply to a request. */
    public record Reply(Frame frame) implements Decoded {
    }

    private ReplyCodec() {
    }

    /** Builds the frame for {@code reply}; throws RESULT_TOO_LARGE when it would not fit. */
    public static ByteBuffer encode(long requestId, SimReply reply, FrameBuilder out) throws ProtocolException {
        switch (reply) {
            case SimReply.OpReply op -> {
                out.start(Wire.OP_REPLY, requestId).putByte(statusCode(op.status()));
                out.putLong(op.waitNanos());
                if (op.fields() != null) {
                    out.putByte(Wire.BODY_VALUES);
                    out.putValues(op.fields());
                } else if (op.records() != null) {
                    out.putByte(Wire.BODY_RECORDS);
                    out.putRecords(op.records());
                } else {
                    out.putByte(Wire.BODY_NONE);
                }
            }
            case SimReply.StatsReply s -> out.start(Wire.STATS_REPLY, requestId).putString(s.json());
            case SimReply.ErrorReply e -> {
                out.start(Wire.ERROR, requestId).putInt(e.code());
                out.putString(e.message());
            }
        }
        return out.finish();
    }

    /** Builds the server's hello acknowledgement. */
    public static ByteBuffer encodeHelloOk(int maxFrameBytes, FrameBuilder out) throws ProtocolException {
        out.start(Wire.HELLO_OK, 0).putInt(Wire.VERSION);
        out.putInt(maxFrameBytes);
        return out.finish();
    }

    /**
     * The request id of a payload cut by a {@link FrameReader} (which guarantees its type byte and
     * id are there), read without decoding the body; the position is not moved.
     */
    public static long peekRequestId(ByteBuffer payload) {
        return payload.getLong(payload.position() + 1);
    }

    /** The reply type of a payload cut by a {@link FrameReader} ({@link Wire#OP_REPLY}, ...); the position is not moved. */
    public static byte peekType(ByteBuffer payload) {
        return payload.get(payload.position());
    }

    /** Decodes one payload (without its length prefix); throws only {@link ProtocolException}. */
    public static Decoded decode(ByteBuffer payload) throws ProtocolException {
        WireReader in = new WireReader(payload);
        byte type = in.readByte();
        long id = in.readLong();
        Decoded decoded = switch (type) {
            case Wire.HELLO_OK -> new HelloOk(in.readInt(), in.readInt());
            case Wire.OP_REPLY -> {
                Status status = status(in.readByte());
                long waitNanos = in.readLong();
                if (waitNanos < 0) {
                    throw WireReader.malformed("negative wait " + waitNanos);
                }
                byte kind = in.readByte();
                SimReply.OpReply op = switch (kind) {
                    case Wire.BODY_NONE -> new SimReply.OpReply(status, waitNanos, null, null);
                    case Wire.BODY_VALUES -> new SimReply.OpReply(status, waitNanos, in.readValues(), null);
                    case Wire.BODY_RECORDS -> new SimReply.OpReply(status, waitNanos, null, in.readRecords());
                    default -> throw WireReader.malformed("unknown body kind " + kind);
                };
                yield new Reply(new Frame(id, op));
            }
            case Wire.STATS_REPLY -> new Reply(new Frame(id, new SimReply.StatsReply(in.readString())));
            case Wire.ERROR -> new Reply(new Frame(id, new SimReply.ErrorReply(in.readInt(), in.readString())));
            default -> throw new ProtocolException(SimReply.ErrorReply.UNKNOWN_TYPE, "unknown reply type " + type);
        };
        in.end();
        return decoded;
    }

    // Explicit codes, so reordering the API's enum cannot silently change the wire format.
    static byte statusCode(Status status) {
        return switch (status) {
            case OK -> 0;
            case NOT_FOUND -> 1;
            case ERROR -> 2;
            case TIMEOUT -> 3;
            case BAD_REQUEST -> 4;
            case UNEXPECTED_STATE -> 5;
            case NOT_IMPLEMENTED -> 6;
            case SERVICE_UNAVAILABLE -> 7;
            case ABORTED -> 8;
        };
    }

    static Status status(byte code) throws ProtocolException {
        return switch (code) {
            case 0 -> Status.OK;
            case 1 -> Status.NOT_FOUND;
            case 2 -> Status.ERROR;
            case 3 -> Status.TIMEOUT;
            case 4 -> Status.BAD_REQUEST;
            case 5 -> Status.UNEXPECTED_STATE;
            case 6 -> Status.NOT_IMPLEMENTED;
            case 7 -> Status.SERVICE_UNAVAILABLE;
            case 8 -> Status.ABORTED;
            default -> throw WireReader.malformed("unknown status code " + code);
        };
    }
}
