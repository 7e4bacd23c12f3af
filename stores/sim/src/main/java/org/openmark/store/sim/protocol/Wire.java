package org.openmark.store.sim.protocol;

/**
 * The simulated store's wire format (all integers big-endian).
 *
 * <pre>
 * client hello   : 'O' 'M' 'S' 'M'  int version                     (8 bytes, once, first)
 * frame          : int length (1..maxFrameBytes)  payload[length]
 * payload        : byte type  long requestId  body
 * string         : int byteLength  UTF-8 bytes
 * bytes          : int length  bytes
 * field set      : int count (-1 = all fields)  string*
 * values         : int count  (string name, bytes value)*
 * records        : int count  (string key, values)*
 *
 * requests       : READ   table key fieldSet        SCAN   table startKey int count fieldSet
 *                  UPDATE table key values          INSERT table key values
 *                  DELETE table key                 STATS  (no body)
 * replies        : HELLO_OK int version int maxFrameBytes      (request id 0)
 *                  OP     byte status long waitNanos byte kind (0 none | 1 values | 2 records) body
 *                  STATS  string json
 *                  ERROR  int code string message             (request id 0 if unknown)
 * </pre>
 * The server answers every request frame with exactly one reply frame carrying its id, in order
 * per connection. After a protocol error it sends ERROR and closes that connection.
 */
public final class Wire {
    /** "OMSM": openmark simulated store. */
    public static final int MAGIC = 0x4F4D534D;
    /** The protocol version this code speaks. */
    public static final int VERSION = 1;
    /** The client hello's size in bytes. */
    public static final int HELLO_BYTES = 8;
    /** The frame header (length prefix) in bytes. */
    public static final int HEADER_BYTES = 4;

    public static final byte READ = 1;
    public static final byte SCAN = 2;
    public static final byte UPDATE = 3;
    public static final byte INSERT = 4;
    public static final byte DELETE = 5;
    public static final byte STATS = 6;

    public static final byte HELLO_OK = 0x40;
    public static final byte OP_REPLY = 0x41;
    public static final byte STATS_REPLY = 0x42;
    public static final byte ERROR = 0x7F;

    static final byte BODY_NONE = 0;
    static final byte BODY_VALUES = 1;
    static final byte BODY_RECORDS = 2;

    private Wire() {
    }
}
