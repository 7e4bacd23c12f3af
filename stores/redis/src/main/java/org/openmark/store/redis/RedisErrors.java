package org.openmark.store.redis;

import java.net.SocketTimeoutException;
import org.openmark.api.Status;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/** Maps Jedis failures to statuses: a binding reports store errors, it does not throw them. */
final class RedisErrors {

    private RedisErrors() {
    }

    /** TIMEOUT for a socket timeout, SERVICE_UNAVAILABLE for another connection failure, else ERROR. */
    static Status statusOf(JedisException e) {
        if (e instanceof JedisConnectionException) {
            return causedByTimeout(e) ? Status.TIMEOUT : Status.SERVICE_UNAVAILABLE;
        }
        return Status.ERROR;
    }

    /**
     * True when the connection can no longer be trusted: anything but an error reply leaves
     * the protocol stream in an unknown state (a reply may still be in flight).
     */
    static boolean breaksConnection(JedisException e) {
        return !(e instanceof JedisDataException);
    }

    static boolean causedByTimeout(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }
}
