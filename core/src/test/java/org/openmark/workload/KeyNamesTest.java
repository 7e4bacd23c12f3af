package org.openmark.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyNamesTest {

    /** YCSB's key definition written out plainly: FNV-1a-64 of the 8 little-endian bytes, abs, "user" + zero pad. */
    private static String ycsbKey(long keyNumber, int zeroPadding, boolean hashed) {
        long n = keyNumber;
        if (hashed) {
            long h = 0xCBF29CE484222325L;
            for (int i = 0; i < 8; i++) {
                h = (h ^ ((keyNumber >>> (8 * i)) & 0xFF)) * 1099511628211L;
            }
            n = Math.abs(h);
        }
        StringBuilder sb = new StringBuilder("user");
        String digits = Long.toString(n);
        for (int i = digits.length(); i < zeroPadding; i++) {
            sb.append('0');
        }
        return sb.append(digits).toString();
    }

    @ParameterizedTest
    @CsvSource({
        // computed independently (Python) from YCSB's definition
        "0, user6284781860667377211",
        "1, user8517097267634966620",
        "2, user1820151046732198393",
        "42, user55488592825689361",
        "999, user2071219101098386137",
        "123456789, user2350796791908741607",
        "2147483653, user7301366628206442656"})
    void name_hashed_matchesYcsbKeys(long keyNumber, String expected) {
        assertEquals(expected, new KeyNames(true, 1).name(keyNumber));
    }

    @Test
    void name_hashedAndPadded_matchesReferenceForManyNumbers() {
        SplittableRandom random = new SplittableRandom(91);
        for (int padding : new int[] {0, 1, 12, 20, 25}) {
            KeyNames hashed = new KeyNames(true, padding);
            KeyNames ordered = new KeyNames(false, padding);
            for (int i = 0; i < 2_000; i++) {
                long k = i < 1_000 ? i : random.nextLong(Long.MAX_VALUE);
                assertEquals(ycsbKey(k, padding, true), hashed.name(k));
                assertEquals(ycsbKey(k, padding, false), ordered.name(k));
            }
        }
    }

    @Test
    void name_ordered_isTheNumberWithZeroPadding() {
        assertEquals("user5", new KeyNames(false, 1).name(5));
        assertEquals("user00000005", new KeyNames(false, 8).name(5));
        assertEquals("user123456789", new KeyNames(false, 8).name(123_456_789));
        assertEquals("user000055488592825689361", new KeyNames(true, 21).name(42));
    }

    @Test
    void digitCount_atEveryPowerOfTen() {
        assertEquals(1, KeyNames.digitCount(0));
        assertEquals(19, KeyNames.digitCount(Long.MAX_VALUE));
        long p = 1;
        for (int digits = 1; digits <= 18; digits++) {
            p *= 10; // 10^digits
            assertEquals(digits, KeyNames.digitCount(p - 1), "10^" + digits + " - 1");
            assertEquals(digits + 1, KeyNames.digitCount(p), "10^" + digits);
            assertEquals(Long.toString(p - 1), new KeyNames(false, 0).name(p - 1).substring(4));
            assertEquals(Long.toString(p), new KeyNames(false, 0).name(p).substring(4));
        }
    }
}
