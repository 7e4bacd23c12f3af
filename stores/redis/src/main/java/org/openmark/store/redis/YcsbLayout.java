package org.openmark.store.redis;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.util.RedisOutputStream;

/**
 * YCSB's RedisClient's layout, so that data YCSB loaded is read here and data loaded here is read
 * by YCSB. A record is a hash named by its key alone ({@code user42}: the table is ignored, as
 * YCSB ignores it), one hash field per record field. Every key is a member of the one sorted set
 * {@value #INDEX} with the key's Java {@link String#hashCode()} as its score, and a scan is
 * {@code ZRANGEBYSCORE} from the start key's hashCode with {@code LIMIT 0 count}: records come in
 * hashCode order (members with equal scores by their bytes), and a scan from a key also returns
 * the keys that share its hashCode but sort before it, as YCSB's scan does. The empty start key
 * scans from the first member (YCSB's would start at score 0, the empty string's hashCode).
 *
 * <p>Values are stored as YCSB stores them: YCSB hands Jedis a Java string holding one char per
 * byte of the value, and Jedis sends it as UTF-8; YCSB reads the string Jedis decodes back into
 * one byte per char. So a byte below 0x80 is stored as itself and one from 0x80 up as two UTF-8
 * bytes, and every byte value round-trips. A stored value that is not valid UTF-8 (written by
 * another client) reads as Java's UTF-8 decoder and YCSB read it: each malformed sequence becomes
 * U+FFFD, whose low byte 0xFD is what YCSB returns.
 */
final class YcsbLayout implements RedisLayout {
    static final YcsbLayout INSTANCE = new YcsbLayout();
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** The name of YCSB's index sorted set (RedisClient.INDEX_KEY). */
    static final String INDEX = "_indices";
    private static final byte[] INDEX_BYTES = RedisLayout.bytes(INDEX);
    private static final byte[] FROM_FIRST = RedisLayout.bytes("-inf");
    private static final byte[] TO_LAST = RedisLayout.bytes("+inf");
    /** Members fetched per round trip when listing the index for an image. */
    private static final int PAGE = 1000;

    private YcsbLayout() {
    }

    /** Any table: YCSB's layout has none, every table names the same records. */
    @Override
    public boolean isValidTable(String table) {
        return table != null;
    }

    @Override
    public boolean isValidKey(String key) {
        return key != null && !key.equals(INDEX);
    }

    @Override
    public byte[] record(String table, String key) {
        return RedisLayout.bytes(key);
    }

    @Override
    public byte[] index(String table) {
        return INDEX_BYTES;
    }

    @Override
    public double score(String key) {
        return key.hashCode();
    }

    @Override
    public List<byte[]> scanMembers(Jedis connection, String table, String startKey, int count) {
        // the score as an integer's text: exactly what it is, whatever Jedis would make of a double
        byte[] from = startKey.isEmpty() ? FROM_FIRST : RedisLayout.bytes(Integer.toString(startKey.hashCode()));
        return connection.zrangeByScore(INDEX_BYTES, from, TO_LAST, 0, count);
    }

    @Override
    public void writeScanQuery(RedisOutputStream out, String table, String startKey, int count) throws IOException {
        RedisCommands.command(out, RedisCommands.ZRANGEBYSCORE, 6);
        RedisCommands.bulk(out, INDEX_BYTES);
        RedisCommands.bulk(out, startKey.isEmpty() ? FROM_FIRST : RedisLayout.bytes(Integer.toString(startKey.hashCode())));
        RedisCommands.bulk(out, TO_LAST);
        RedisCommands.bulk(out, RedisCommands.LIMIT);
        RedisCommands.bulk(out, RedisCommands.ZERO);
        RedisCommands.number(out, count);
    }

    @Override
    public byte[] encode(byte[] value) {
        if (isAscii(value)) {
            return value; // UTF-8 of chars below 0x80 is those bytes: no copy (the array is only read)
        }
        return new String(value, ISO_8859_1).getBytes(UTF_8);
    }

    @Override
    public byte[] decode(byte[] stored) {
        if (isAscii(stored)) {
            return stored;
        }
        String text = new String(stored, UTF_8);
        byte[] bytes = new byte[text.length()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) text.charAt(i); // a char above 0xFF keeps its low byte, as YCSB's StringByteIterator
        }
        return bytes;
    }

    /**
     * True when no byte has its high bit set. Eight bytes at a time, OR-ed together and tested once:
     * every field of every read passes here (1 KB per record), and the byte loop was 9 % of the
     * pipelined connection's reader thread in a profile at 10,000 ops/s.
     */
    static boolean isAscii(byte[] bytes) {
        long high = 0;
        int i = 0;
        for (int words = bytes.length & ~7; i < words; i += 8) {
            high |= (long) LONGS.get(bytes, i);
        }
        for (; i < bytes.length; i++) {
            high |= bytes[i] & 0xFF;
        }
        return (high & 0x8080808080808080L) == 0;
    }

    @Override
    public Set<String> tables(Jedis connection) {
        return Set.of();
    }

    /** {@value #INDEX} and the hashes its members name (a member whose hash is gone is skipped by DUMP). */
    @Override
    public List<byte[]> keys(Jedis connection, Set<String> tables) {
        List<byte[]> keys = new ArrayList<>();
        if (connection.exists(INDEX_BYTES)) {
            keys.add(INDEX_BYTES);
        }
        for (long from = 0; ; from += PAGE) {
            // by rank: images are saved and restored on a quiet store, so the ranks do not move
            List<byte[]> page = connection.zrange(INDEX_BYTES, from, from + PAGE - 1);
            for (byte[] member : page) {
                if (!INDEX.equals(RedisLayout.text(member))) {
                    keys.add(member);
                }
            }
            if (page.size() < PAGE) {
                return keys;
            }
        }
    }

    @Override
    public String scope(Set<String> tables) {
        return "YCSB's layout (" + INDEX + " and its records)";
    }

    @Override
    public Optional<Foreign> foreignData(Jedis connection, String table) {
        String type = connection.type(INDEX_BYTES);
        if (!type.equals("none") && !type.equals("zset")) {
            return Optional.of(new Foreign(INDEX + " as a " + type + ", where YCSB's layout keeps the sorted set"
                    + " of its keys", "empty the database (FLUSHDB) or choose another one (-p "
                    + RedisConfig.DATABASE + "=N)"));
        }
        if (!OpenmarkLayout.INSTANCE.isValidTable(table)) {
            return Optional.empty(); // a name openmark's layout could not have used
        }
        byte[] openmarkIndex = OpenmarkLayout.INSTANCE.index(table);
        if (connection.type(openmarkIndex).equals("zset")) {
            return Optional.of(new Foreign(RedisLayout.text(openmarkIndex) + " (" + connection.zcard(openmarkIndex)
                    + " keys), the index of openmark's own layout (records named " + table + ":KEY)",
                    "read it with -p " + RedisConfig.LAYOUT + "=openmark, or empty the database (FLUSHDB) or choose"
                            + " another one (-p " + RedisConfig.DATABASE + "=N) for YCSB's layout"));
        }
        return Optional.empty();
    }
}
