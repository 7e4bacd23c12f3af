package org.openmark.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.store.rocksdb.ycsb.YcsbRocksDb;

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
    void encode_twoFields_ycsbsBytesExactly() {
        Map<String, byte[]> fields = new LinkedHashMap<>();
        fields.put("f0", bytes("ab"));
        fields.put("\u00e9", new byte[] {0, (byte) 0xFF});
        assertEquals("00000002" + "6630" + "00000002" + "6162" + "00000002" + "c3a9" + "00000002" + "00ff",
                HexFormat.of().formatHex(RecordCodec.encode(fields)));
    }

    @Test
    void encode_sameAsAnIndependentYcsbEncoder_andDecodesWhatItWrites() {
        SplittableRandom random = new SplittableRandom(SEED);
        for (int trial = 0; trial < 50; trial++) {
            Map<String, byte[]> fields = new LinkedHashMap<>();
            for (int f = random.nextInt(0, 20); f > 0; f--) {
                byte[] value = new byte[random.nextInt(0, 300)];
                random.nextBytes(value);
                fields.put("field" + f + "-\u4e2d", value);
            }
            byte[] ours = RecordCodec.encode(fields);
            assertArrayEquals(YcsbRocksDb.encode(fields), ours);
            assertSameFields(fields, YcsbRocksDb.decode(ours));
            Map<String, byte[]> decoded = new HashMap<>();
            RecordCodec.decode(YcsbRocksDb.encode(fields), null, decoded);
            assertSameFields(fields, decoded);
        }
    }

    @Test
    void roundTrip_emptyRecord_emptyValue() {
        assertArrayEquals(new byte[0], RecordCodec.encode(Map.of()));
        assertTrue(roundTrip(Map.of()).isEmpty());
        assertNull(RecordCodec.malformation(new byte[0]));
    }

    @Test
    void roundTrip_emptyValuesAndEmptyName_preserved() {
        Map<String, byte[]> fields = new LinkedHashMap<>();
        fields.put("", new byte[0]);
        fields.put("a", new byte[0]);
        fields.put("b", new byte[] {0});
        assertSameFields(fields, roundTrip(fields));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 255, 256, 65_536, 2_097_152})
    void roundTrip_lengths_fourByteLengthEach(int length) {
        byte[] value = new byte[length];
        Arrays.fill(value, (byte) 0xFF);
        Map<String, byte[]> fields = Map.of("v", value);
        assertEquals(4 + 1 + 4 + length, RecordCodec.encode(fields).length);
        assertSameFields(fields, roundTrip(fields));
    }

    @Test
    void encode_typicalYcsbRecord_eightBytesOfLengthsPerField() {
        Map<String, byte[]> fields = new LinkedHashMap<>();
        for (int f = 0; f < 10; f++) {
            fields.put("field" + f, new byte[100]);
        }
        assertEquals(10 * (4 + 6 + 4 + 100), RecordCodec.encode(fields).length);
    }

    @Test
    void decode_fieldSubset_onlyRequestedFields() {
        Map<String, byte[]> fields = Map.of("a", bytes("1"), "b", bytes("2"), "c", bytes("3"));
        Map<String, byte[]> decoded = new HashMap<>();
        RecordCodec.decode(RecordCodec.encode(fields), Set.of("c", "a", "zzz"), decoded);
        assertSameFields(Map.of("a", bytes("1"), "c", bytes("3")), decoded);
    }

    @Test
    void decode_nameTwice_lastValueKept() {
        byte[] twice = HexFormat.of().parseHex("00000001" + "61" + "00000001" + "31" + "00000001" + "61" + "00000001" + "32");
        Map<String, byte[]> decoded = new HashMap<>();
        RecordCodec.decode(twice, null, decoded);
        assertSameFields(Map.of("a", bytes("2")), decoded);
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
    void decode_everyTruncationInsideAField_rejected() {
        Map<String, byte[]> fields = new LinkedHashMap<>();
        fields.put("name", bytes("value"));
        fields.put("other", new byte[200]);
        byte[] encoded = RecordCodec.encode(fields);
        int firstField = 4 + 4 + 4 + 5;
        for (int length = 1; length < encoded.length; length++) {
            byte[] truncated = Arrays.copyOf(encoded, length);
            if (length == firstField) {
                // YCSB's encoding has no field count: cut between fields, it is a record of the first field
                assertNull(RecordCodec.malformation(truncated));
                continue;
            }
            assertThrows(IllegalArgumentException.class,
                    () -> RecordCodec.decode(truncated, null, new HashMap<>()), "length " + length);
            assertNotNull(RecordCodec.malformation(truncated), "length " + length);
        }
        assertNull(RecordCodec.malformation(encoded));
    }

    @Test
    void decode_trailingBytesOrHugeOrNegativeLength_rejected() {
        byte[] encoded = RecordCodec.encode(Map.of("a", bytes("1")));
        byte[] trailing = Arrays.copyOf(encoded, encoded.length + 1);
        assertThrows(IllegalArgumentException.class, () -> RecordCodec.decode(trailing, null, new HashMap<>()));
        byte[] negative = HexFormat.of().parseHex("ffffffff61");
        assertThrows(IllegalArgumentException.class, () -> RecordCodec.decode(negative, null, new HashMap<>()));
        assertTrue(RecordCodec.malformation(negative).contains("length 4294967295 at byte 0 exceeds the 1 bytes left"),
                RecordCodec.malformation(negative));
    }

    @Test
    void earlierEncoding_neverParsesAsYcsbs_andYcsbsNeverAsTheEarlier() {
        byte[] earlierEmpty = {0};
        byte[] earlierTwoFields = HexFormat.of().parseHex("02" + "0161" + "0131" + "0162" + "00");
        assertTrue(EarlierRecordCodec.parses(earlierEmpty));
        assertTrue(EarlierRecordCodec.parses(earlierTwoFields));
        assertNotNull(RecordCodec.malformation(earlierEmpty));
        assertNotNull(RecordCodec.malformation(earlierTwoFields));
        byte[] ycsb = RecordCodec.encode(Map.of("field0", new byte[100]));
        assertFalse(EarlierRecordCodec.parses(ycsb));
        assertFalse(EarlierRecordCodec.parses(new byte[0]));
        assertFalse(EarlierRecordCodec.parses(HexFormat.of().parseHex("808080808000")));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
