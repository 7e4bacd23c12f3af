package org.openmark.store.redis;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.Socket;
import java.util.function.LongSupplier;
import org.openmark.api.Status;
import redis.clients.jedis.DefaultJedisSocketFactory;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.util.RedisInputStream;
import redis.clients.jedis.util.RedisOutputStream;

/**
 * One connection that keeps many calls in flight: Redis answers a connection's commands in the
 * order it received them, so the replies are matched to the calls by their order. The session's
 * thread writes each call's commands in Jedis's RESP encoding and sends them when told to flush;
 * a reader thread of the connection's own decodes the replies with Jedis's {@link Protocol} and
 * gives each call its replies, on that thread.
 *
 * <p>Implementation notes:
 * <ul>
 * <li>A writer (the session's thread, or the thread that sends a scan's second step) holds the
 * pipe's monitor while it appends a call to the queue and writes the call's commands, so the
 * commands of two calls never interleave (a MULTI ... EXEC stays whole) and the queue's order is
 * the order on the wire. A call enters the queue before any byte of it can reach the socket, so
 * the reader always finds the call a reply belongs to.</li>
 * <li>The queue is linked through the calls themselves: the writer links a call with a release
 * store, the reader follows the links with acquire loads and takes no lock per reply. There is one
 * writer at a time (the monitor) and one reader.</li>
 * <li>Only the reader fails calls when the connection breaks: it marks the pipe broken under the
 * monitor, so no call enters after that, and then tells every queued call the failure. A writer
 * whose write fails records why and closes the socket, which ends the reader's read.</li>
 * <li>Timeouts, as a blocking Jedis call has them: the socket's read timeout is the pipe's
 * timeout. When a read times out and the oldest outstanding call was sent at least that long ago,
 * the server owed a reply and said nothing for the whole timeout: every queued call is TIMEOUT and
 * the connection is dropped. Otherwise the read began before that call was sent, while nothing was
 * outstanding (a call still owed a reply would be older), so no reply was cut in two and the
 * reader reads on: Jedis's input stream is unchanged by a read that timed out.</li>
 * </ul>
 */
final class RedisPipe implements AutoCloseable {
    private static final VarHandle NEXT;

    static {
        try {
            NEXT = MethodHandles.lookup().findVarHandle(Call.class, "next", Call.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * A call in flight: the commands it writes and the replies it takes, in order. Each of its
     * methods after {@link #write} runs on the reader's thread (or, for {@link #fail}, on the
     * thread that found the pipe broken), exactly one of {@link #end} and {@link #fail} once.
     */
    abstract static class Call {
        /** The call after this one in the queue; written with release, read with acquire. */
        @SuppressWarnings("unused") // through NEXT
        private Call next;
        /** When the call entered the queue, on the pipe's clock. */
        private long sentNanos;
        /** The replies it still waits for. */
        private int owed;

        /** A call that takes {@code replies} replies. */
        protected Call(int replies) {
            this.owed = replies;
        }

        /** Writes the call's commands (RESP); its replies come in the same order. */
        abstract void write(RedisOutputStream out) throws IOException;

        /** One of its replies, in order: a value of {@link Protocol#read}, or the error reply as an exception. */
        abstract void take(Object reply);

        /** Its last reply was taken: tells the outcome. */
        abstract void end();

        /** The connection broke before its last reply. */
        abstract void fail(Status status, String why);
    }

    private final Socket socket;
    private final RedisOutputStream out;
    private final RedisInputStream in;
    private final LongSupplier nanos;
    private final long timeoutNanos;
    /** The last call the reader finished (or the queue's first, empty, node); its successor is the oldest call. */
    private Call head;
    /** The last call queued; guarded by this. */
    private Call tail;
    /** Set (under this) by the reader once it has begun failing the queued calls. */
    private volatile boolean broken;
    /** Why a writer found the connection failed, or the pipe was closed; the reader reports it. */
    private volatile String failedWhy;

    private RedisPipe(Socket socket, LongSupplier nanos, long timeoutNanos) throws IOException {
        this.socket = socket;
        this.out = new RedisOutputStream(socket.getOutputStream());
        this.in = new RedisInputStream(socket.getInputStream());
        this.nanos = nanos;
        this.timeoutNanos = timeoutNanos;
        this.head = new Call(0) {
            @Override
            void write(RedisOutputStream out) {
            }

            @Override
            void take(Object reply) {
            }

            @Override
            void end() {
            }

            @Override
            void fail(Status status, String why) {
            }
        };
        this.tail = head;
    }

    /**
     * Connects to {@code address} with the client configuration's timeouts and credentials and
     * database, and starts the reader. The socket's read timeout is the configuration's socket
     * timeout, and so is the calls' timeout.
     *
     * @throws JedisException when the server cannot be reached or refuses the credentials or database
     */
    static RedisPipe open(HostAndPort address, JedisClientConfig config, LongSupplier nanos) {
        Socket socket = new DefaultJedisSocketFactory(address, config).createSocket();
        try {
            RedisPipe pipe = new RedisPipe(socket, nanos, config.getSocketTimeoutMillis() * 1_000_000L);
            pipe.handshake(config);
            Thread.ofPlatform().daemon().name("openmark-redis-replies-" + address.getPort())
                    .start(pipe::readReplies);
            return pipe;
        } catch (IOException | JedisException e) {
            closeQuietly(socket);
            throw e instanceof JedisException je ? je : new JedisConnectionException(e);
        }
    }

    /** AUTH and SELECT, answered before the reader starts, as Jedis opens a connection (RESP2, no HELLO). */
    private void handshake(JedisClientConfig config) throws IOException {
        if (config.getPassword() != null) {
            if (config.getUser() != null) {
                RedisCommands.command(out, RedisCommands.AUTH, 2);
                RedisCommands.bulk(out, RedisLayout.bytes(config.getUser()));
            } else {
                RedisCommands.command(out, RedisCommands.AUTH, 1);
            }
            RedisCommands.bulk(out, RedisLayout.bytes(config.getPassword()));
            out.flush();
            Protocol.read(in); // an error reply (wrong password) throws JedisDataException
        }
        if (config.getDatabase() != 0) {
            RedisCommands.command(out, RedisCommands.SELECT, 1);
            RedisCommands.bulk(out, RedisLayout.bytes(Integer.toString(config.getDatabase())));
            out.flush();
            Protocol.read(in);
        }
    }

    /**
     * Queues the call and writes its commands (sent at the next {@link #flush}, or sooner when the
     * output buffer fills); false, with nothing queued, when the pipe is broken.
     */
    synchronized boolean send(Call call) {
        if (broken) {
            return false;
        }
        call.sentNanos = nanos.getAsLong();
        NEXT.setRelease(tail, call);
        tail = call;
        try {
            call.write(out);
        } catch (IOException | JedisConnectionException e) {
            writeFailed(e);
        }
        return true;
    }

    /** Sends what the calls queued so far wrote. */
    synchronized void flush() {
        if (broken) {
            return;
        }
        try {
            out.flush();
        } catch (IOException | JedisConnectionException e) {
            writeFailed(e);
        }
    }

    /** True once the connection failed (its queued calls failed or are failing); a new pipe is needed. */
    boolean isBroken() {
        return broken || failedWhy != null;
    }

    /** Closes the connection; calls still queued fail as SERVICE_UNAVAILABLE. */
    @Override
    public void close() {
        if (failedWhy == null) {
            failedWhy = "the session was closed";
        }
        closeQuietly(socket);
    }

    private void writeFailed(Exception e) {
        if (failedWhy == null) {
            failedWhy = "writing to redis failed: " + e.getMessage();
        }
        closeQuietly(socket); // ends the reader's read; the reader fails the queued calls
    }

    /** The reader's loop: one reply after the other, each to the oldest call still owed one. */
    private void readReplies() {
        Status status = Status.SERVICE_UNAVAILABLE;
        String why;
        try {
            while (true) {
                Object reply;
                try {
                    reply = Protocol.read(in);
                } catch (JedisDataException e) {
                    reply = e; // an error reply, read whole: the stream is in step
                } catch (JedisConnectionException e) {
                    if (RedisErrors.causedByTimeout(e) && !overdue()) {
                        continue; // the read began while nothing was outstanding
                    }
                    throw e;
                }
                Call call = (Call) NEXT.getAcquire(head);
                if (call == null) {
                    throw new JedisConnectionException("redis sent a reply no call was waiting for");
                }
                call.take(reply);
                if (--call.owed == 0) {
                    head = call;
                    call.end();
                }
            }
        } catch (RuntimeException e) { // the connection's (JedisException), or a completion that threw
            if (failedWhy != null) {
                why = failedWhy;
            } else if (RedisErrors.causedByTimeout(e)) {
                status = Status.TIMEOUT;
                why = "no reply from redis within " + timeoutNanos / 1_000_000 + " ms (" + e.getMessage() + ")";
            } else {
                why = e.getMessage() + (e.getCause() != null && e.getCause().getMessage() != null
                        ? " (" + e.getCause().getMessage() + ")" : "");
            }
        }
        failQueued(status, why);
    }

    /** True when the oldest outstanding call has waited the whole timeout. */
    private boolean overdue() {
        Call oldest = (Call) NEXT.getAcquire(head);
        return oldest != null && nanos.getAsLong() - oldest.sentNanos >= timeoutNanos;
    }

    private void failQueued(Status status, String why) {
        synchronized (this) {
            broken = true; // no call is queued after this
        }
        closeQuietly(socket);
        for (Call call = (Call) NEXT.getAcquire(head); call != null; call = (Call) NEXT.getAcquire(call)) {
            call.fail(status, why);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // the connection is being dropped; a failure to close it changes nothing
        }
    }
}
