package org.openmark.store.sim.protocol;

import java.nio.ByteBuffer;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.engine.SimRequest;

/** Encodes and decodes request frames. */
public final class RequestCodec {

    /** A decoded request and its id. */
    public record Frame(long requestId, SimRequest request) {
    }

    private RequestCodec() {
    }

    /** Builds the frame for {@code request}; throws when it would exceed the frame limit. */
    public static ByteBuffer encode(long requestId, SimRequest request, FrameBuilder out) throws ProtocolException {
        switch (request) {
            case SimRequest.Read r -> {
                out.start(Wire.READ, requestId).putString(r.table());
                out.putString(r.key());
                out.putFieldSet(r.fields());
            }
            case SimRequest.Scan s -> {
                out.start(Wire.SCAN, requestId).putString(s.table());
                out.putString(s.startKey());
                out.putInt(s.count());
                out.putFieldSet(s.fields());
            }
            case SimRequest.Update u -> {
                out.start(Wire.UPDATE, requestId).putString(u.table());
                out.putString(u.key());
                out.putValues(u.values());
            }
            case SimRequest.Insert i -> {
                out.start(Wire.INSERT, requestId).putString(i.table());
                out.putString(i.key());
                out.putValues(i.values());
            }
            case SimRequest.Delete d -> {
                out.start(Wire.DELETE, requestId).putString(d.table());
                out.putString(d.key());
            }
            case SimRequest.Stats s -> out.start(Wire.STATS, requestId);
        }
        return out.finish();
    }

    /** Decodes one payload (without its length prefix); throws only {@link ProtocolException}. */
    public static Frame decode(ByteBuffer payload) throws ProtocolException {
        WireReader in = new WireReader(payload);
        byte type = in.readByte();
        long id = in.readLong();
        SimRequest request = switch (type) {
            case Wire.READ -> new SimRequest.Read(in.readString(), in.readString(), in.readFieldSet());
            case Wire.SCAN -> {
                String table = in.readString();
                String start = in.readString();
                int count = in.readInt();
                if (count < 0) {
                    throw WireReader.malformed("scan count " + count + " is negative");
                }
                yield new SimRequest.Scan(table, start, count, in.readFieldSet());
            }
            case Wire.UPDATE -> new SimRequest.Update(in.readString(), in.readString(), in.readValues());
            case Wire.INSERT -> new SimRequest.Insert(in.readString(), in.readString(), in.readValues());
            case Wire.DELETE -> new SimRequest.Delete(in.readString(), in.readString());
            case Wire.STATS -> new SimRequest.Stats();
            default -> throw new ProtocolException(SimReply.ErrorReply.UNKNOWN_TYPE,
                    "unknown request type " + type + " (request id " + id + ")");
        };
        in.end();
        return new Frame(id, request);
    }
}
