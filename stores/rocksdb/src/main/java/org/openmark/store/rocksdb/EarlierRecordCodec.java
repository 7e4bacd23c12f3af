package org.openmark.store.rocksdb;

/**
 * Recognizes records in the encoding openmark's rocksdb store wrote before it took YCSB's
 * layout: a field count, then per field the name's length, the name, the value's length and the
 * value, every number an unsigned LEB128 varint. Only read, to name what a refused directory
 * holds; nothing writes this encoding any more.
 *
 * <p>No record is both: the earlier encoding starts with its field count, so under YCSB's
 * encoding its first name length is at least 2^24 (any record below 16 MiB with a field), and its
 * empty record is one byte, too short for a length; YCSB's records start with three zero bytes
 * of a name length, which the earlier encoding reads as no fields followed by trailing bytes.
 */
final class EarlierRecordCodec {
    private static final int MAX_VARINT_BYTES = 5;

    private EarlierRecordCodec() {
    }

    /** True when {@code data} is exactly one record in the earlier encoding. */
    static boolean parses(byte[] data) {
        int[] pos = {0};
        long count = varint(data, pos);
        for (long f = 0; f < count * 2 && count >= 0; f++) {
            long length = varint(data, pos);
            if (length < 0 || length > data.length - pos[0]) {
                return false;
            }
            pos[0] += (int) length;
        }
        return count >= 0 && pos[0] == data.length;
    }

    /** The varint at {@code pos[0]} (advancing it), or -1 when truncated or too long. */
    private static long varint(byte[] data, int[] pos) {
        long value = 0;
        for (int i = 0; i < MAX_VARINT_BYTES; i++) {
            if (pos[0] >= data.length) {
                return -1;
            }
            byte b = data[pos[0]++];
            value |= (long) (b & 0x7F) << (7 * i);
            if (b >= 0) {
                return value;
            }
        }
        return -1;
    }
}
