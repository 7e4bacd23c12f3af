package org.openmark.store.sim.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openmark.api.Record;
import org.openmark.store.sim.engine.SimReply;

/**
 * Reads one payload with every length and count checked against the bytes that remain, so a
 * hostile frame can make the decoder allocate no more than a small multiple of its own size.
 * Throws only {@link ProtocolException}.
 */
final class WireReader {
    // The smallest encodings: a string is a 4-byte length, a value entry two of them.
    private static final int MIN_STRING_BYTES = 4;
    private static final int MIN_ENTRY_BYTES = 8;
    private static final int MIN_RECORD_BYTES = 8;

    private final ByteBuffer in;

    WireReader(ByteBuffer payload) {
        this.in = payload;
    }

    byte readByte() throws ProtocolException {
        need(1);
        return in.get();
    }

    int readInt() throws ProtocolException {
        need(4);
        return in.getInt();
    }

    long readLong() throws ProtocolException {
        need(8);
        return in.getLong();
    }

    String readString() throws ProtocolException {
        int length = readLength("string");
        if (in.hasArray()) {
            String s = new String(in.array(), in.arrayOffset() + in.position(), length, StandardCharsets.UTF_8);
            in.position(in.position() + length);
            return s;
        }
        byte[] b = new byte[length];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    byte[] readBytes() throws ProtocolException {
        int length = readLength("value");
        byte[] b = new byte[length];
        in.get(b);
        return b;
    }

    /** A field set; {@code null} means all fields. */
    Set<String> readFieldSet() throws ProtocolException {
        int count = readInt();
        if (count == -1) {
            return null;
        }
        checkCount(count, MIN_STRING_BYTES, "field");
        Set<String> fields = new HashSet<>();
        for (int i = 0; i < count; i++) {
            fields.add(readString());
        }
        return fields;
    }

    Map<String, byte[]> readValues() throws ProtocolException {
        int count = readInt();
        checkCount(count, MIN_ENTRY_BYTES, "value");
        Map<String, byte[]> values = new HashMap<>();
        for (int i = 0; i < count; i++) {
            String name = readString();
            values.put(name, readBytes());
        }
        return values;
    }

    List<Record> readRecords() throws ProtocolException {
        int count = readInt();
        checkCount(count, MIN_RECORD_BYTES, "record");
        List<Record> records = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String key = readString();
            records.add(new Record(key, readValues()));
        }
        return records;
    }

    /** Fails unless the whole payload was consumed. */
    void end() throws ProtocolException {
        if (in.hasRemaining()) {
            throw malformed(in.remaining() + " unexpected trailing bytes");
        }
    }

    private int readLength(String what) throws ProtocolException {
        int length = readInt();
        if (length < 0 || length > in.remaining()) {
            throw malformed(what + " length " + length + " but " + in.remaining() + " bytes remain");
        }
        return length;
    }

    private void checkCount(int count, int minBytesEach, String what) throws ProtocolException {
        if (count < 0 || (long) count * minBytesEach > in.remaining()) {
            throw malformed(what + " count " + count + " does not fit in the " + in.remaining() + " remaining bytes");
        }
    }

    private void need(int bytes) throws ProtocolException {
        if (in.remaining() < bytes) {
            throw malformed("truncated: needed " + bytes + " more bytes, " + in.remaining() + " remain");
        }
    }

    static ProtocolException malformed(String message) {
        return new ProtocolException(SimReply.ErrorReply.MALFORMED, "malformed frame: " + message);
    }
}
