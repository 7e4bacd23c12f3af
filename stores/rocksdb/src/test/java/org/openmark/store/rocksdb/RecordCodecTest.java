package org.openmark.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RecordCodecTest {
    private static final long SEED = 7_340_033L;

    private static Map<String, byte[]> roundTrip(Map<String, byte[]> fields) {
        Map<String, byte[]> decoded = new HashMap<>();
        RecordCodec.decode(RecordCodec.encode(fields), null, decoded);
        return decoded;
    }

    private static void assertSameFields(Map<String, byte[]> expected, Map<String, byte[]> actual) {
        assertEquals(expected.keySet(), actual.keySet());
        expected.forEach((name, value) -> assertArrayEquals(value, actual.get(name), name));
    }

    @Test
    void roundTrip_emptyRecord_empty() {
        byte[] encoded = RecordCodec.encode(Map.of());
        assertArrayEquals(new byte[] {0}, encoded);
        assertTrue(roundTrip(Map.of()).isEmpty());
    }

    @Test
    void roundTrip_emptyValuesAndEmptyName_preserved() {
        Map<String, byte[]> fields = new LinkedHashMap<>();
        fields.put("", new byte[0]);
        fields.put("a", new byte[0]);
        fields.put("b", new byte[] {0});
        assertSameFields(fields, roundTrip(fields));
    }

    @Test
    void roundTrip_manyRandomFields_byteExact() {
        SplittableRandom random = new SplittableRandom(SEED);
        for (int trial = 0; trial < 50; trial++) {
            Map<String, byte[]> fields = new LinkedHashMap<>();
            int count = random.nextInt(0, 2_000);
            for (int f = 0; f < count; f++) {
                byte[] value = new byte[random.nextInt(0, 300)];
                random.nextBytes(value);
                fields.put("field" + f + "-\u00e9\u4e2d\ud83d\ude00", value);
            }
            assertSameFields(fields, roundTrip(fields));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 127, 128, 16_383, 16_384, 2_097_152})
    void roundTrip_lengthAtVarintBoundary_preserved(int length) {
        byte[] value = new byte[length];
        Arrays.fill(value, (byte) 0xFF);
        Map<String, byte[]> fields = Map.of("v", value);
        byte[] encoded = RecordCodec.encode(fields);
        assertEquals(1 + 1 + 1 + RecordCodec.varintSize(length) + length, encoded.length);
        assertSameFields(fields, roundTrip(fields));
    }

    @Test
    void encode_typicalYcsbRecord_onlyLengthOverhead() {
        Map<String, byte[]> fields = new LinkedHashMap<>();
        for (int f = 0; f < 10; f++) {
            fields.put("field" + f, new byte[100]);
        }
        // 1 count byte + per field (1 + 6 name bytes + 1 + 100 value bytes).
        assertEquals(1 + 10 * (1 + 6 + 1 + 100), RecordCodec.encode(fields).length);
    }

    @Test
    void decode_fieldSubset_onlyRequestedFields() {
        Map<String, byte[]> fields = Map.of("a", bytes("1"), "b", bytes("2"), "c", bytes("3"));
        Map<String, byte[]> decoded = new HashMap<>();
        RecordCodec.decode(RecordCodec.encode(fields), Set.of("c", "a", "zzz"), decoded);
        assertSameFields(Map.of("a", bytes("1"), "c", bytes("3")), decoded);
    }

    @Test
    void encode_nullNameOrValue_null() {
        Map<String, byte[]> nullValue = new HashMap<>();
        nullValue.put("a", null);
        assertNull(RecordCodec.encode(nullValue));
        Map<String, byte[]> nullName = new HashMap<>();
        nullName.put(null, bytes("x"));
        assertNull(RecordCodec.encode(nullName));
    }

    @Test
    void decode_everyTruncation_rejected() {
        byte[] encoded = RecordCodec.encode(Map.of("name", bytes("value"), "other", new byte[200]));
        for (int length = 0; length < encoded.length; length++) {
            byte[] truncated = Arrays.copyOf(encoded, length);
            assertThrows(IllegalArgumentException.class,
                    () -> RecordCodec.decode(truncated, null, new HashMap<>()), "length " + length);
        }
    }

    @Test
    void decode_trailingBytesOrHugeLength_rejected() {
        byte[] encoded = RecordCodec.encode(Map.of("a", bytes("1")));
        byte[] trailing = Arrays.copyOf(encoded, encoded.length + 1);
        assertThrows(IllegalArgumentException.class, () -> RecordCodec.decode(trailing, null, new HashMap<>()));
        byte[] huge = {1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07, 'a'};
        assertThrows(IllegalArgumentException.class, () -> RecordCodec.decode(huge, null, new HashMap<>()));
        byte[] endless = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0};
        assertThrows(IllegalArgumentException.class, () -> RecordCodec.decode(endless, null, new HashMap<>()));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
