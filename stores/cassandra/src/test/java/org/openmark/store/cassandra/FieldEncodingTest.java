package org.openmark.store.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The field encodings against what the server keeps: a text value travels as UTF-8 (the driver
 * encodes the bound String, the server validates and stores it, a read gives the raw bytes).
 */
class FieldEncodingTest {

    /** What the server sends back for a text value bound as {@code bound}. */
    private static ByteBuffer stored(Object bound) {
        return ByteBuffer.wrap(((String) bound).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void text_everyByte_roundTrips() {
        byte[] all = new byte[256];
        for (int b = 0; b < 256; b++) {
            all[b] = (byte) b;
        }
        assertArrayEquals(all, FieldEncoding.TEXT.fromCql(stored(FieldEncoding.TEXT.toCql(all))));
    }

    @Test
    void text_asciiValue_storedAsYcsbStoresIt() {
        // YCSB's binding binds ByteIterator.toString() of its ASCII values: the same String, the same bytes
        byte[] value = "user1:field0:-1535442036:1962133596".getBytes(StandardCharsets.US_ASCII);
        assertEquals("user1:field0:-1535442036:1962133596", FieldEncoding.TEXT.toCql(value));
        assertArrayEquals(value, stored(FieldEncoding.TEXT.toCql(value)).array());
    }

    @Test
    void text_byteAbove0x7f_oneCharOneWayOneByteBack() {
        byte[] value = {'a', (byte) 0xE9, 0};
        assertEquals("a\u00e9\u0000", FieldEncoding.TEXT.toCql(value));
        assertArrayEquals(value, FieldEncoding.TEXT.fromCql(ByteBuffer.wrap(new byte[] {'a', (byte) 0xC3, (byte) 0xA9, 0})));
    }

    @Test
    void text_charAboveLatin1_givenAsItsUtf8BytesAsYcsbReadsIt() {
        byte[] utf8 = "a\u20acz".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(utf8, FieldEncoding.TEXT.fromCql(ByteBuffer.wrap(utf8)));
    }

    @Test
    void blob_bytesAsTheyAre_copiedBothWays() {
        byte[] value = {0, (byte) 0xFF, 7};
        ByteBuffer bound = (ByteBuffer) FieldEncoding.BLOB.toCql(value);
        value[2] = 8;
        assertArrayEquals(new byte[] {0, (byte) 0xFF, 7}, FieldEncoding.BLOB.fromCql(bound));
        ByteBuffer raw = ByteBuffer.wrap(new byte[] {1, 2, 3, 4}, 1, 2);
        byte[] read = FieldEncoding.BLOB.fromCql(raw);
        assertArrayEquals(new byte[] {2, 3}, read);
        assertEquals(1, raw.position(), "the driver's buffer is left as it was");
        assertNotSame(raw.array(), read);
    }

    @Test
    void ofCqlType_textVarcharAndBlobOnly() {
        assertEquals(FieldEncoding.TEXT, FieldEncoding.ofCqlType("text"));
        assertEquals(FieldEncoding.BLOB, FieldEncoding.ofCqlType("blob"));
        assertEquals(null, FieldEncoding.ofCqlType("ascii"));
        assertEquals(FieldEncoding.TEXT, FieldEncoding.ofCqlType("varchar"));
    }
}
