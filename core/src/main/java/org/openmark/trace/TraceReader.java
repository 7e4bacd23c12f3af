package org.openmark.trace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a trace ({@link TraceFormat}) one operation at a time, in the order it was written, without
 * holding it in memory. A file that is no trace, of another version, or that ends before its end
 * mark (its run died) is refused with a {@link TraceFileException} naming the file; {@link #next}
 * throws it once it reaches the point where the file stops.
 */
public final class TraceReader implements TraceSource {
    private final String file;
    private final InputStream in;
    private final TraceHeader header;
    private final List<String> names = new ArrayList<>();
    private long previousIntended;
    private long read;
    private TraceEnd end;

    private TraceReader(String file, InputStream raw) throws IOException {
        this.file = file;
        DataInputStream head = new DataInputStream(raw);
        byte[] magic = new byte[TraceFormat.MAGIC.length];
        try {
            head.readFully(magic);
            if (!Arrays.equals(magic, TraceFormat.MAGIC)) {
                throw new TraceFileException(file, "not an openmark trace (it does not begin with "
                        + new String(TraceFormat.MAGIC, StandardCharsets.US_ASCII) + "; traces are written by"
                        + " run --record-ops)");
            }
            int version = head.readUnsignedByte();
            if (version != TraceFormat.VERSION) {
                throw new TraceFileException(file, "trace format version " + version + ": this openmark reads version "
                        + TraceFormat.VERSION);
            }
            int length = head.readInt();
            if (length < 0 || length > TraceFormat.MAX_HEADER_BYTES) {
                throw new TraceFileException(file, "its header's length " + length + " is not within 0.."
                        + TraceFormat.MAX_HEADER_BYTES + ": the file is damaged");
            }
            byte[] json = new byte[length];
            head.readFully(json);
            this.header = new ObjectMapper().readValue(json, TraceHeader.class);
        } catch (EOFException e) {
            throw incomplete("it ends inside its header");
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new TraceFileException(file, "its header is not readable: " + e.getOriginalMessage());
        }
        this.in = new BufferedInputStream(new ZstdInputStream(raw), 1 << 16);
    }

    /** Opens {@code path}; a missing or unreadable file is refused naming it. */
    public static TraceReader open(Path path) throws IOException {
        InputStream raw;
        try {
            raw = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
        } catch (NoSuchFileException e) {
            throw new TraceFileException(path.toString(), "no such file");
        } catch (IOException e) {
            throw new TraceFileException(path.toString(), "cannot be read (" + e.getMessage() + ")");
        }
        try {
            return new TraceReader(path.toString(), raw);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    @Override
    public TraceHeader header() {
        return header;
    }

    /** The next operation, or null after the last one (the end mark is then {@link #end}). */
    @Override
    public TraceRecord next() throws IOException {
        if (end != null) {
            return null;
        }
        try {
            while (true) {
                int tag = in.read();
                switch (tag) {
                    case TraceFormat.NAME -> names.add(string());
                    case TraceFormat.OPERATION -> {
                        return operation();
                    }
                    case TraceFormat.END -> {
                        long operations = TraceFormat.readVarLong(in);
                        long dropped = TraceFormat.readVarLong(in);
                        int interrupted = in.read();
                        if (interrupted < 0) {
                            throw new EOFException();
                        }
                        if (operations != read) {
                            throw new TraceFileException(file, "its end mark counts " + operations + " operations, but "
                                    + read + " precede it: the file is damaged");
                        }
                        // the compressed stream must end here, whole (its checksum read): a file cut inside its
                        // last bytes is not a complete trace, nor is one with something after its end mark
                        if (in.read() >= 0) {
                            throw new TraceFileException(file, "it goes on after its end mark: the file is damaged");
                        }
                        end = new TraceEnd(operations, dropped, interrupted == 1);
                        return null;
                    }
                    case -1 -> throw new EOFException();
                    default -> throw new TraceFileException(file, "unknown entry " + tag + " after " + read
                            + " operations: the file is damaged");
                }
            }
        } catch (EOFException e) {
            throw incomplete("it ends after " + read + " operations without its end mark");
        } catch (IOException e) {
            // zstd reports a stream cut inside a block as an error of its own
            throw incomplete("it is cut after " + read + " operations (" + e.getMessage() + ")");
        }
    }

    private TraceFileException incomplete(String how) {
        return new TraceFileException(file, "the trace is incomplete: " + how + " (the run that wrote it did not"
                + " finish: it was killed, or the disk filled)");
    }

    private TraceRecord operation() throws IOException {
        long intended = previousIntended + TraceFormat.unZigZag(TraceFormat.readVarLong(in));
        long actual = intended + TraceFormat.unZigZag(TraceFormat.readVarLong(in));
        long endNanos = actual + TraceFormat.unZigZag(TraceFormat.readVarLong(in));
        String op = name(TraceFormat.readVarLong(in));
        String table = name(TraceFormat.readVarLong(in));
        String status = name(TraceFormat.readVarLong(in));
        long keyLength = TraceFormat.readVarLong(in);
        String key = keyLength == 0 ? null : bytes(keyLength - 1);
        int fields = (int) (TraceFormat.readVarLong(in) - 1);
        long bytes = TraceFormat.readVarLong(in);
        int scan = (int) TraceFormat.readVarLong(in);
        int client = (int) TraceFormat.readVarLong(in);
        previousIntended = intended;
        read++;
        return new TraceRecord(intended, actual, endNanos, op, table, key, fields, bytes, scan, status, client);
    }

    private String name(long n) {
        if (n == 0) {
            return null;
        }
        if (n > names.size()) {
            throw new TraceFileException(file, "operation " + (read + 1) + " names entry " + n + " of a dictionary of "
                    + names.size() + ": the file is damaged");
        }
        return names.get((int) n - 1);
    }

    private String string() throws IOException {
        return bytes(TraceFormat.readVarLong(in));
    }

    private String bytes(long length) throws IOException {
        if (length < 0 || length > TraceFormat.MAX_STRING_BYTES) {
            throw new TraceFileException(file, "a string of " + length + " bytes after " + read
                    + " operations: the file is damaged");
        }
        byte[] b = new byte[(int) length];
        int off = 0;
        while (off < b.length) {
            int n = in.read(b, off, b.length - off);
            if (n < 0) {
                throw new EOFException();
            }
            off += n;
        }
        return new String(b, StandardCharsets.UTF_8);
    }

    /** The end mark, once {@link #next} returned null. */
    @Override
    public TraceEnd end() {
        return end;
    }

    /** The operations read so far. */
    public long operationsRead() {
        return read;
    }

    public String file() {
        return file;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
