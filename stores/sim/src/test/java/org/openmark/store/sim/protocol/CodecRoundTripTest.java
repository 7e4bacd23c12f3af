package org.openmark.store.sim.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.engine.SimRequest;

class CodecRoundTripTest {
    private static final int MAX = 64 * 1024;

    private static ByteBuffer payload(ByteBuffer frame) throws ProtocolException {
        ByteBuffer p = new FrameReader(MAX).next(frame);
        assertEquals(0, frame.remaining(), "exactly one frame");
        return p;
    }

    @Test
    void requests_encodeThenDecode_areEqual() throws Exception {
        SplittableRandom r = new SplittableRandom(1);
        FrameBuilder out = new FrameBuilder(MAX);
        for (int i = 0; i < 5000; i++) {
            SimRequest request = RandomMessages.request(r);
            long id = r.nextLong();
            RequestCodec.Frame decoded = RequestCodec.decode(payload(RequestCodec.encode(id, request, out)));
            assertEquals(id, decoded.requestId());
            assertEquals(RandomMessages.describe(request), RandomMessages.describe(decoded.request()));
        }
    }

    @Test
    void replies_encodeThenDecode_areEqual() throws Exception {
        SplittableRandom r = new SplittableRandom(2);
        FrameBuilder out = new FrameBuilder(MAX);
        for (int i = 0; i < 5000; i++) {
            SimReply reply = RandomMessages.reply(r);
            long id = r.nextLong();
            ReplyCodec.Reply decoded = assertInstanceOf(ReplyCodec.Reply.class,
                    ReplyCodec.decode(payload(ReplyCodec.encode(id, reply, out))));
            assertEquals(id, decoded.frame().requestId());
            assertEquals(RandomMessages.describe(reply), RandomMessages.describe(decoded.frame().reply()));
        }
    }

    @Test
    void helloOk_roundTrips() throws Exception {
        ReplyCodec.HelloOk ok = assertInstanceOf(ReplyCodec.HelloOk.class,
                ReplyCodec.decode(payload(ReplyCodec.encodeHelloOk(12345, new FrameBuilder(MAX)))));
        assertEquals(new ReplyCodec.HelloOk(Wire.VERSION, 12345), ok);
    }

    @Test
    void putString_asciiOrNot_sameBytesAsUtf8() throws Exception {
        String longer = "k".repeat(300);
        for (String s : new String[] {"", "user1234", "field\u00e9", "abc\u4e00", "\u00e9abc", longer, longer + "\u00e9"}) {
            FrameBuilder b = new FrameBuilder(MAX);
            b.start(Wire.READ, 7);
            b.putString(s);
            ByteBuffer frame = b.finish();
            byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            ByteBuffer expected = ByteBuffer.allocate(4 + 9 + 4 + utf8.length);
            expected.putInt(9 + 4 + utf8.length).put(Wire.READ).putLong(7).putInt(utf8.length).put(utf8).flip();
            assertEquals(expected, frame, s);
        }
    }

    @Test
    void encode_overLimit_throwsResultTooLarge() {
        FrameBuilder small = new FrameBuilder(1024);
        ProtocolException e = assertThrows(ProtocolException.class, () -> RequestCodec.encode(1,
                new SimRequest.Insert("t", "k", Map.of("f", new byte[2000])), small));
        assertEquals(SimReply.ErrorReply.RESULT_TOO_LARGE, e.code());
    }

    @Test
    void frameReader_partialFrame_returnsNullAndKeepsPosition() throws Exception {
        ByteBuffer frame = RequestCodec.encode(7, new SimRequest.Delete("t", "k"), new FrameBuilder(MAX));
        byte[] all = new byte[frame.remaining()];
        frame.get(all);
        FrameReader reader = new FrameReader(MAX);
        for (int cut = 0; cut < all.length; cut++) {
            ByteBuffer partial = ByteBuffer.wrap(all, 0, cut);
            assertNull(reader.next(partial));
            assertEquals(0, partial.position());
        }
    }

    @Test
    void frameReader_badLengths_areRejectedBeforeBuffering() {
        FrameReader reader = new FrameReader(1024);
        for (int length : new int[] {-1, 0, 8, 1025, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            ByteBuffer b = ByteBuffer.allocate(4).putInt(length).flip();
            ProtocolException e = assertThrows(ProtocolException.class, () -> reader.next(b), "length " + length);
            assertEquals(length > 1024 || length < 0 ? SimReply.ErrorReply.OVERSIZED : SimReply.ErrorReply.MALFORMED, e.code());
        }
    }

    @Test
    void handshake_wrongMagicOrVersion_isRejected() throws Exception {
        Handshake.check(Handshake.clientHello());
        assertEquals(SimReply.ErrorReply.BAD_HANDSHAKE,
                assertThrows(ProtocolException.class, () -> Handshake.check(Handshake.clientHello(0x47455420, 1))).code());
        assertEquals(SimReply.ErrorReply.BAD_HANDSHAKE,
                assertThrows(ProtocolException.class, () -> Handshake.check(Handshake.clientHello(Wire.MAGIC, 2))).code());
    }
}
