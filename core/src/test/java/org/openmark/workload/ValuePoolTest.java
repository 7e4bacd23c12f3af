package org.openmark.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ValuePoolTest {

    private static void assertPrintable(byte[] value) {
        for (byte b : value) {
            assertTrue(b >= ' ' && b <= '~', () -> "byte " + b);
        }
    }

    @Test
    void constantLength_valuesAreSharedPiecesOfThePool_atLeast1024OfThem() {
        ValuePool pool = new ValuePool(7, ValuePool.LONGEST_SHARED, ValuePool.LONGEST_SHARED);
        assertTrue(pool.sharesPieces());
        SplittableRandom random = new SplittableRandom(1);
        Set<byte[]> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < 50_000; i++) {
            byte[] v = pool.value(random, ValuePool.LONGEST_SHARED);
            assertEquals(ValuePool.LONGEST_SHARED, v.length);
            seen.add(v);
        }
        // 50,000 draws of 1025 pieces (the last one holds the offset 2^20 alone): every other piece is
        // drawn, and no value is a fresh array
        assertTrue(seen.size() == 1024 || seen.size() == 1025, () -> seen.size() + " different arrays");
        seen.forEach(ValuePoolTest::assertPrintable);
    }

    @Test
    void longerThanShared_orVaryingLengths_valuesAreFreshCopies() {
        int tooLong = ValuePool.LONGEST_SHARED + 1;
        for (ValuePool pool : new ValuePool[] {new ValuePool(7, tooLong, tooLong), new ValuePool(7, 100, -1)}) {
            assertFalse(pool.sharesPieces());
            SplittableRandom a = new SplittableRandom(3);
            SplittableRandom b = new SplittableRandom(3);
            byte[] first = pool.value(a, 100);
            byte[] again = pool.value(b, 100);
            assertArrayEquals(first, again);
            assertNotSame(first, again);
            assertPrintable(first);
        }
    }

    @Test
    void eitherWay_aValueTakesTheSameDrawsFromTheClientsStream_soTheOperationsReplayedAreTheSame() {
        ValuePool shared = new ValuePool(7, 100, 100);
        ValuePool copied = new ValuePool(7, 100, -1);
        SplittableRandom a = new SplittableRandom(11);
        SplittableRandom b = new SplittableRandom(11);
        for (int i = 0; i < 100_000; i++) {
            shared.value(a, 100);
            copied.value(b, 100);
            assertEquals(a.nextLong(), b.nextLong(), "draw after value " + i);
        }
    }

    @Test
    void pieceOf_isTheQuotientForEveryOffsetOfThePool() {
        for (int length : new int[] {1, 2, 3, 7, 10, 99, 100, 101, 1000, 1023, ValuePool.LONGEST_SHARED}) {
            long reciprocal = ValuePool.reciprocal(length);
            for (int offset = 0; offset <= ValuePool.BASE_SIZE; offset++) {
                if (ValuePool.pieceOf(offset, reciprocal) != offset / length) {
                    assertEquals(offset / length, ValuePool.pieceOf(offset, reciprocal), offset + " / " + length);
                }
            }
        }
    }

    @Test
    void sameSeed_sameValues() {
        ValuePool one = new ValuePool(5, 100, 100);
        ValuePool two = new ValuePool(5, 100, 100);
        SplittableRandom a = new SplittableRandom(2);
        SplittableRandom b = new SplittableRandom(2);
        for (int i = 0; i < 100; i++) {
            assertArrayEquals(one.value(a, 100), two.value(b, 100));
        }
    }
}
