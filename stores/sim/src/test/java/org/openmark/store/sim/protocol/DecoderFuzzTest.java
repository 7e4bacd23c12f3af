package org.openmark.store.sim.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded random and mutated frames fed to the frame reader and both decoders: they must throw
 * nothing but {@link ProtocolException}, and never allocate in proportion to a length or count
 * the bytes claim, only to the bytes actually there.
 */
class DecoderFuzzTest {
    private static final int MAX_FRAME = 4096;
    private static final int CASES = 120_000;
    // Class loading and JIT warm-up allocate on the first cases; the bound holds after them.
    private static final int WARM_UP_CASES = 5_000;
    // Decoding creates Java objects (strings, maps, arrays) for what the frame holds: at worst
    // a few dozen bytes of heap per wire byte (a 9-byte map entry becomes ~200 bytes of objects).
    private static final long ALLOCATION_PER_BYTE = 32;
    private static final long ALLOCATION_SLACK = 16 * 1024;

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final FrameReader reader = new FrameReader(MAX_FRAME);
    private final FrameBuilder builder = new FrameBuilder(MAX_FRAME);
    private long decoded;
    private long rejected;
    private long worstAllocatedBytes;

    @Test
    void decode_randomAndMutatedFrames_onlyProtocolExceptionAndBoundedAllocation() throws Exception {
        SplittableRandom r = new SplittableRandom(20250101);
        for (int i = 0; i < CASES; i++) {
            byte[] bytes = frameBytes(r, i % 2 == 0);
            switch (r.nextInt(6)) {
                case 0 -> bytes = flipBits(r, bytes);
                case 1 -> bytes = Arrays.copyOf(bytes, r.nextInt(bytes.length + 1));
                case 2 -> bytes = overwriteInt(r, bytes);
                case 3 -> bytes = insertOrDelete(r, bytes);
                case 4 -> bytes = randomBytes(r);
                default -> bytes = splice(r, bytes, frameBytes(r, r.nextBoolean()));
            }
            feed(bytes, i, r.nextBoolean(), i >= WARM_UP_CASES);
        }
        System.out.printf("decoder fuzz: %d cases, %d payloads decoded, %d rejected, worst allocation %d bytes%n",
                CASES, decoded, rejected, worstAllocatedBytes);
        assertTrue(decoded > CASES / 20, "too few mutated frames stayed decodable: " + decoded);
        assertTrue(rejected > CASES / 2, "too few rejections: " + rejected);
    }

    @Test
    void decode_hostileCountsAndLengths_allocateAlmostNothing() throws Exception {
        SplittableRandom warmUp = new SplittableRandom(5);
        for (int i = 0; i < WARM_UP_CASES; i++) {
            feed(randomBytes(warmUp), i, false, false);
        }
        // Each frame claims a huge string, value or count in a tiny payload.
        int[] claims = {Integer.MAX_VALUE, 1 << 30, MAX_FRAME * 100, -2};
        for (int claim : claims) {
            for (byte type : new byte[] {Wire.READ, Wire.SCAN, Wire.UPDATE, Wire.INSERT}) {
                ByteBuffer p = ByteBuffer.allocate(64);
                p.put(type).putLong(1);
                p.putInt(1).put((byte) 't');      // table "t"
                p.putInt(1).put((byte) 'k');      // key "k"
                if (type == Wire.SCAN) {
                    p.putInt(5);
                }
                p.putInt(claim);                   // field-set or value count
                p.putInt(claim);
                p.flip();
                long before = threads.getCurrentThreadAllocatedBytes();
                try {
                    RequestCodec.decode(p);
                    fail("decoded a frame claiming " + claim);
                } catch (ProtocolException expected) {
                    rejected++;
                }
                long allocated = threads.getCurrentThreadAllocatedBytes() - before;
                assertTrue(allocated < 8 * 1024, "claim " + claim + " allocated " + allocated + " bytes");
            }
        }
    }

    /** Feeds the bytes as a stream, optionally in small chunks, through the frame reader and a decoder. */
    private void feed(byte[] bytes, int caseNo, boolean asReply, boolean checkAllocation) {
        ByteBuffer stream = ByteBuffer.wrap(bytes);
        try {
            ByteBuffer payload;
            while ((payload = reader.next(stream)) != null) {
                assertTrue(payload.remaining() <= MAX_FRAME);
                long before = threads.getCurrentThreadAllocatedBytes();
                int size = payload.remaining();
                try {
                    if (asReply) {
                        ReplyCodec.decode(payload);
                    } else {
                        RequestCodec.decode(payload);
                    }
                    decoded++;
                } finally {
                    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
                    if (checkAllocation) {
                        worstAllocatedBytes = Math.max(worstAllocatedBytes, allocated);
                    }
                    if (checkAllocation && allocated > ALLOCATION_PER_BYTE * size + ALLOCATION_SLACK) {
                        fail("case " + caseNo + ": decoding " + size + " bytes allocated " + allocated);
                    }
                }
            }
        } catch (ProtocolException expected) {
            rejected++;
        } catch (RuntimeException | Error e) {
            throw new AssertionError("case " + caseNo + " threw " + e + " on " + java.util.HexFormat.of()
                    .formatHex(bytes, 0, Math.min(bytes.length, 200)), e);
        }
    }

    private byte[] frameBytes(SplittableRandom r, boolean request) throws ProtocolException {
        ByteBuffer b = request
                ? RequestCodec.encode(r.nextLong(), RandomMessages.request(r), builder)
                : ReplyCodec.encode(r.nextLong(), RandomMessages.reply(r), builder);
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    private static byte[] flipBits(SplittableRandom r, byte[] b) {
        byte[] out = b.clone();
        int flips = 1 + r.nextInt(4);
        for (int i = 0; i < flips && out.length > 0; i++) {
            out[r.nextInt(out.length)] ^= (byte) (1 << r.nextInt(8));
        }
        return out;
    }

    private static byte[] overwriteInt(SplittableRandom r, byte[] b) {
        if (b.length < 4) {
            return b;
        }
        byte[] out = b.clone();
        int[] specials = {-1, 0, 1, 8, 9, MAX_FRAME, MAX_FRAME + 1, Integer.MAX_VALUE, Integer.MIN_VALUE, b.length,
                b.length - 4, r.nextInt()};
        int v = specials[r.nextInt(specials.length)];
        ByteBuffer.wrap(out).putInt(r.nextInt(out.length - 3), v);
        return out;
    }

    private static byte[] insertOrDelete(SplittableRandom r, byte[] b) {
        int at = r.nextInt(b.length + 1);
        int n = 1 + r.nextInt(8);
        if (r.nextBoolean()) {
            byte[] extra = new byte[n];
            r.nextBytes(extra);
            byte[] out = new byte[b.length + n];
            System.arraycopy(b, 0, out, 0, at);
            System.arraycopy(extra, 0, out, at, n);
            System.arraycopy(b, at, out, at + n, b.length - at);
            return out;
        }
        int cut = Math.min(n, b.length - at);
        byte[] out = new byte[b.length - cut];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(b, at + cut, out, at, b.length - at - cut);
        return out;
    }

    private static byte[] randomBytes(SplittableRandom r) {
        byte[] out = new byte[r.nextInt(300)];
        r.nextBytes(out);
        if (out.length >= 4 && r.nextBoolean()) {
            // A plausible length prefix, so the payload itself reaches the decoder.
            ByteBuffer.wrap(out).putInt(out.length - 4);
        }
        return out;
    }

    private static byte[] splice(SplittableRandom r, byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return r.nextBoolean() ? out : Arrays.copyOf(out, r.nextInt(out.length + 1));
    }

    @Test
    void decode_validFrameWithTrailingGarbage_isRejected() throws Exception {
        ByteBuffer frame = RequestCodec.encode(3, new org.openmark.store.sim.engine.SimRequest.Delete("t", "k"), builder);
        ByteBuffer payload = reader.next(frame);
        ByteBuffer longer = ByteBuffer.allocate(payload.remaining() + 1).put(payload).put((byte) 0).flip();
        ProtocolException e = org.junit.jupiter.api.Assertions.assertThrows(ProtocolException.class,
                () -> RequestCodec.decode(longer));
        assertEquals(org.openmark.store.sim.engine.SimReply.ErrorReply.MALFORMED, e.code());
    }
}
