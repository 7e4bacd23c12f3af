package org.openmark.store.etcd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RecordCodecTest {
    @Test
    void encodeDecode_everyByteAndEmptyValues_sameFields() {
        SplittableRandom random = new SplittableRandom(53);
        Map<String, byte[]> fields = new HashMap<>();
        byte[] every = new byte[256];
        for (int b = 0; b < 256; b++) {
            every[b] = (byte) b;
        }
        fields.put("field0", every);
        fields.put("", new byte[0]);
        fields.put("fïeld", new byte[] {(byte) random.nextInt(256)});
        Map<String, byte[]> back = RecordCodec.decode(ByteBuffer.wrap(RecordCodec.encode(fields)), null);
        assertEquals(fields.keySet(), back.keySet());
        fields.forEach((f, v) -> assertArrayEquals(v, back.get(f), f));
    }

    @Test
    void decode_wantedFields_onlyThose() {
        byte[] value = RecordCodec.encode(Map.of("a", new byte[] {1}, "b", new byte[] {2, 2}, "c", new byte[] {3}));
        Map<String, byte[]> some = RecordCodec.decode(ByteBuffer.wrap(value), Set.of("c", "a", "missing"));
        assertEquals(Set.of("a", "c"), some.keySet());
        assertArrayEquals(new byte[] {3}, some.get("c"));
        assertEquals(Map.of(), RecordCodec.decode(ByteBuffer.wrap(value), Set.of()));
    }

    @Test
    void decode_valueAnotherProgramWrote_refusedWithoutAllocatingItsLengths() {
        ByteBuffer foreign = ByteBuffer.wrap("written by etcdctl".getBytes(StandardCharsets.US_ASCII));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RecordCodec.decode(foreign, null));
        assertEquals("not a record in the store's encoding: a length of 2003986804 with 14 bytes left", e.getMessage());
        byte[] cut = RecordCodec.encode(Map.of("a", new byte[] {1, 2, 3}));
        assertThrows(IllegalArgumentException.class,
                () -> RecordCodec.decode(ByteBuffer.wrap(cut, 0, cut.length - 1), null));
    }
}
