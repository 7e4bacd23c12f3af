package org.openmark.store.redis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The eight-bytes-at-a-time ASCII test against the byte-by-byte definition, and the encoding it guards. */
class YcsbLayoutAsciiTest {

    @Test
    void isAscii_oneHighByteAtEveryPositionOfEveryLength_foundAsTheByteLoopFindsIt() {
        for (int length = 0; length <= 40; length++) {
            byte[] ascii = new byte[length];
            Arrays.fill(ascii, (byte) 0x7F);
            assertTrue(YcsbLayout.isAscii(ascii), "length " + length);
            for (int at = 0; at < length; at++) {
                for (int high : new int[] {0x80, 0xC3, 0xFF}) {
                    byte[] value = ascii.clone();
                    value[at] = (byte) high;
                    assertFalse(YcsbLayout.isAscii(value), "length " + length + ", byte " + high + " at " + at);
                }
            }
        }
    }

    @Test
    void encodeDecode_everyByteValue_roundTripsAndAsciiIsNotCopied() {
        byte[] every = new byte[256];
        for (int b = 0; b < 256; b++) {
            every[b] = (byte) b;
        }
        byte[] stored = YcsbLayout.INSTANCE.encode(every);
        assertEquals(128 + 2 * 128, stored.length, "bytes from 0x80 up as two UTF-8 bytes");
        assertArrayEquals(every, YcsbLayout.INSTANCE.decode(stored));
        byte[] ascii = Arrays.copyOf(every, 128);
        assertSame(ascii, YcsbLayout.INSTANCE.encode(ascii));
        assertSame(ascii, YcsbLayout.INSTANCE.decode(ascii));
    }
}
