package org.openmark.testbindings;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A YCSB binding for Redis written against {@code site.ycsb.DB} alone, with its own small RESP
 * client (one connection per instance): a record is the hash {@code ycsbtest:TABLE:KEY}, each table
 * has the sorted set {@code ycsbtest:TABLE} of its keys for scans. Writes are upserts (HSET), as in
 * YCSB's Redis binding. Reads {@code redis.host} and {@code redis.port}.
 */
public class RespRedisDB extends DB {
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    @Override
    public void init() throws DBException {
        String host = getProperties().getProperty("redis.host", "127.0.0.1");
        int port = Integer.parseInt(getProperties().getProperty("redis.port", "6379"));
        try {
            socket = new Socket();
            socket.connect(new InetSocketAddress(host, port), 2000);
            socket.setSoTimeout(5000);
            socket.setTcpNoDelay(true);
            in = new BufferedInputStream(socket.getInputStream());
            out = new BufferedOutputStream(socket.getOutputStream());
            String password = getProperties().getProperty("redis.password");
            if (password != null) {
                call("AUTH", password);
            }
        } catch (IOException e) {
            throw new DBException("cannot connect to redis at " + host + ":" + port + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void cleanup() throws DBException {
        try {
            if (socket != null) {
                socket.close();
            }
        } catch (IOException e) {
            throw new DBException(e);
        }
    }

    static String record(String table, String key) {
        return "ycsbtest:" + table + ":" + key;
    }

    static String index(String table) {
        return "ycsbtest:" + table;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        try {
            return readInto(record(table, key), fields, result) ? Status.OK : Status.NOT_FOUND;
        } catch (IOException e) {
            return Status.ERROR;
        }
    }

    private boolean readInto(String id, Set<String> fields, Map<String, ByteIterator> result) throws IOException {
        if (fields == null) {
            List<?> all = (List<?>) call("HGETALL", id);
            for (int i = 0; i + 1 < all.size(); i += 2) {
                result.put(text((byte[]) all.get(i)), new ByteArrayByteIterator((byte[]) all.get(i + 1)));
            }
            return !all.isEmpty();
        }
        List<Object> args = new ArrayList<>(List.of("HMGET", id));
        List<String> names = new ArrayList<>(fields);
        args.addAll(names);
        if (names.isEmpty()) {
            return ((Number) call("EXISTS", id)).longValue() == 1;
        }
        List<?> values = (List<?>) call(args.toArray());
        boolean any = false;
        for (int i = 0; i < names.size(); i++) {
            if (values.get(i) != null) {
                result.put(names.get(i), new ByteArrayByteIterator((byte[]) values.get(i)));
                any = true;
            }
        }
        return any || ((Number) call("EXISTS", id)).longValue() == 1;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
            Vector<HashMap<String, ByteIterator>> result) {
        try {
            List<?> keys = (List<?>) call("ZRANGEBYLEX", index(table), "[" + startkey, "+", "LIMIT", "0",
                    Integer.toString(recordcount));
            for (Object key : keys) {
                HashMap<String, ByteIterator> row = new HashMap<>();
                readInto(record(table, text((byte[]) key)), fields, row);
                result.add(row);
            }
            return Status.OK;
        } catch (IOException e) {
            return Status.ERROR;
        }
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
        return write(table, key, values);
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
        return write(table, key, values);
    }

    private Status write(String table, String key, Map<String, ByteIterator> values) {
        List<Object> args = new ArrayList<>(List.of("HSET", record(table, key)));
        values.forEach((field, value) -> {
            args.add(field);
            args.add(value.toArray());
        });
        try {
            call(args.toArray());
            call("ZADD", index(table), "0", key);
            return Status.OK;
        } catch (IOException e) {
            return Status.ERROR;
        }
    }

    @Override
    public Status delete(String table, String key) {
        try {
            long removed = ((Number) call("DEL", record(table, key))).longValue();
            call("ZREM", index(table), key);
            return removed == 1 ? Status.OK : Status.NOT_FOUND;
        } catch (IOException e) {
            return Status.ERROR;
        }
    }

    /** Sends one command (strings and byte arrays) and reads its reply; a server error is an IOException. */
    private Object call(Object... args) throws IOException {
        out.write(('*' + Integer.toString(args.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (Object arg : args) {
            byte[] bytes = arg instanceof byte[] b ? b : ((String) arg).getBytes(StandardCharsets.UTF_8);
            out.write(('$' + Integer.toString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.write('\r');
            out.write('\n');
        }
        out.flush();
        return reply();
    }

    private Object reply() throws IOException {
        int type = in.read();
        String line = line();
        switch (type) {
            case '+':
                return line;
            case '-':
                throw new IOException("redis: " + line);
            case ':':
                return Long.parseLong(line);
            case '$': {
                int length = Integer.parseInt(line);
                if (length < 0) {
                    return null;
                }
                byte[] bytes = in.readNBytes(length);
                if (bytes.length < length || in.read() != '\r' || in.read() != '\n') {
                    throw new EOFException("redis: short bulk reply");
                }
                return bytes;
            }
            case '*': {
                int count = Integer.parseInt(line);
                List<Object> items = new ArrayList<>(Math.max(count, 0));
                for (int i = 0; i < count; i++) {
                    items.add(reply());
                }
                return items;
            }
            default:
                throw new IOException("redis: unexpected reply type " + type);
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != '\r') {
            if (c < 0) {
                throw new EOFException("redis: connection closed");
            }
            bytes.write(c);
        }
        if (in.read() != '\n') {
            throw new IOException("redis: malformed reply line");
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
