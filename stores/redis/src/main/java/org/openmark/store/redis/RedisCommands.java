package org.openmark.store.redis;

import java.io.IOException;
import redis.clients.jedis.util.RedisOutputStream;

/**
 * Commands written straight into a connection's output buffer in RESP, as Jedis's
 * {@code Protocol.sendCommand} writes them, without an argument object per argument: an array
 * header, then each argument as a bulk string.
 */
final class RedisCommands {
    static final byte[] AUTH = RedisLayout.bytes("AUTH");
    static final byte[] SELECT = RedisLayout.bytes("SELECT");
    static final byte[] HGETALL = RedisLayout.bytes("HGETALL");
    static final byte[] HMGET = RedisLayout.bytes("HMGET");
    static final byte[] EXISTS = RedisLayout.bytes("EXISTS");
    static final byte[] HSET = RedisLayout.bytes("HSET");
    static final byte[] ZADD = RedisLayout.bytes("ZADD");
    static final byte[] DEL = RedisLayout.bytes("DEL");
    static final byte[] ZREM = RedisLayout.bytes("ZREM");
    static final byte[] MULTI = RedisLayout.bytes("MULTI");
    static final byte[] EXEC = RedisLayout.bytes("EXEC");
    static final byte[] EVAL = RedisLayout.bytes("EVAL");
    static final byte[] WAIT = RedisLayout.bytes("WAIT");
    static final byte[] ZRANGEBYSCORE = RedisLayout.bytes("ZRANGEBYSCORE");
    static final byte[] ZRANGEBYLEX = RedisLayout.bytes("ZRANGEBYLEX");
    static final byte[] LIMIT = RedisLayout.bytes("LIMIT");
    static final byte[] ZERO = RedisLayout.bytes("0");
    static final byte[] ONE = RedisLayout.bytes("1");

    private RedisCommands() {
    }

    /** The header of a command {@code name} with {@code args} arguments after it, and its name. */
    static void command(RedisOutputStream out, byte[] name, int args) throws IOException {
        out.write((byte) '*');
        out.writeIntCrLf(args + 1);
        bulk(out, name);
    }

    /** One argument. */
    static void bulk(RedisOutputStream out, byte[] arg) throws IOException {
        out.write((byte) '$');
        out.writeIntCrLf(arg.length);
        out.write(arg);
        out.writeCrLf();
    }

    /** A number argument, as its decimal text. */
    static void number(RedisOutputStream out, long n) throws IOException {
        bulk(out, RedisLayout.bytes(Long.toString(n)));
    }

    /**
     * A score: an integral one (every score the layouts write: a key's hashCode, or 0) as the
     * integer's text, which the server reads as exactly that double; any other as Java's text of
     * the double, which Redis's strtod reads back as the same double.
     */
    static void score(RedisOutputStream out, double score) throws IOException {
        if (score == Math.rint(score) && Math.abs(score) < 0x1p53) {
            number(out, (long) score);
        } else {
            bulk(out, RedisLayout.bytes(Double.toString(score)));
        }
    }
}
