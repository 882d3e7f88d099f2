#pragma once
// Breaks and steps as fast as the engine allows (issue 16): the engine writes a break in
// many small writes and waits for our small answers, so delayed ACKs on either side cost
// ~40 ms a round trip on Linux loopback. TCP_NODELAY on our socket sends commands at once;
// TCP_QUICKACK, re-armed after every read (Linux clears it), acknowledges at once.
class QTcpSocket;

namespace LowLatency {

// TCP_NODELAY (and TCP_QUICKACK where the platform has it).
void configure(QTcpSocket* socket);
// Re-arms TCP_QUICKACK after a read; does nothing where the platform lacks it.
void afterRead(QTcpSocket* socket);
// On by default; benchmarks turn it off to measure the difference in one run.
void setEnabled(bool enabled);

} // namespace LowLatency
