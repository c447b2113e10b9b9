// runner.mjs  Confessor's firmware on an emulated RP2040 (rp2040js), driven by host/rp2040.py
// MIT licence. node runner.mjs --image confessor-emulator.uf2 [--flash saved.bin]
//
// The board around the chip, as the parts behave:
// - pads: a pin the chip does not drive reads what drives it from outside (a pressed button,
//   the panel's BUSY), else its pull (up 1, down 0, none 0); a pin the chip drives reads its
//   own level (rp2040js leaves GPIO_IN alone: the chip itself would see the pad);
// - the display's SPI bus is a device that clocks each byte in 8 bit times at the bus's rate,
//   and reports every transfer with the DC level it was sent under; BUSY rises when the
//   panel starts work (a master activation, a software or hardware reset) and falls after
//   `busy_us` (or never, for a stuck panel);
// - the WS2812 chain's data pin is decoded from its pulse widths (a 1 is high longer);
// - SPI0 carries the test probe's lines (firmware/probe.py);
// - USB CDC is the serial port; flash is the chip's 2 MB, written by the boot ROM's erase and
//   program functions, which rp2040js's flash interface cannot: they are patched to trap here.
//
// Protocol: one JSON object a line. stdin takes commands {"op": ...}; stdout gives events
// {"ev": ..., "t": emulated microseconds}. See host/rp2040.py for both lists.

import fs from 'fs';
import readline from 'readline';
import { Simulator, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';
import { bootromB1 } from './bootrom_b1.mjs';

const FLASH_BASE = 0x10000000;
const RP2040_FAMILY = 0xe48bff56;
const BKPT_ERASE = 0x71;
const BKPT_PROGRAM = 0x72;

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

function emit(ev, fields = {}) {
  process.stdout.write(JSON.stringify({ ev, t: now(), ...fields }) + '\n');
}

// ---- the boot ROM, with flash_range_erase ('RE') and flash_range_program ('RP') trapped ----
function romFunction(rom, code) {
  const view = new DataView(rom.buffer);
  const want = code.charCodeAt(0) | (code.charCodeAt(1) << 8);
  for (let p = view.getUint16(0x14, true); ; p += 4) {
    const tag = view.getUint16(p, true);
    if (tag === 0) throw new Error('no ROM function ' + code);
    if (tag === want) return view.getUint16(p + 2, true) & ~1;
  }
}
const bootrom = new Uint32Array(bootromB1);
for (const [code, bkpt] of [['RE', BKPT_ERASE], ['RP', BKPT_PROGRAM]]) {
  const view = new DataView(bootrom.buffer);
  const at = romFunction(bootrom, code);
  view.setUint16(at, 0xbe00 | bkpt, true); // bkpt #n
  view.setUint16(at + 2, 0x4770, true); // bx lr
}

function loadUf2(flash, file) {
  const buf = fs.readFileSync(file);
  for (let off = 0; off + 512 <= buf.length; off += 512) {
    const dv = new DataView(buf.buffer, buf.byteOffset + off, 512);
    if (dv.getUint32(0, true) !== 0x0a324655 || dv.getUint32(4, true) !== 0x9e5d5157) continue;
    const flags = dv.getUint32(8, true);
    const addr = dv.getUint32(12, true);
    const size = dv.getUint32(16, true);
    if (flags & 0x2000 && dv.getUint32(28, true) !== RP2040_FAMILY) continue;
    if (addr < FLASH_BASE || addr + size > FLASH_BASE + flash.length) continue;
    flash.set(buf.subarray(off + 32, off + 32 + size), addr - FLASH_BASE);
  }
}

// ---- the machine: a new one at each power-on, the flash carried over ----
let sim = null;
let mcu = null;
let cdc = null;
let flash = null; // the chip's flash contents (survives a power cut)
const now = () => (sim ? Math.floor(sim.clock.nanos / 1000) : 0);

const external = new Map(); // pin -> level driven from outside (a button, BUSY)
// --config: {"panel": {spi, dc, cs, rst, busy, busy_level, busy_us, reset_us}, "leds": pin,
// "adc": {channel: 12-bit value}}: the board around the chip, from its pin map profile
const config = JSON.parse(arg('--config', '{}'));
const panel = config.panel ? { ...config.panel, stuck: false } : null;
const ledPin = config.leds ?? null;
const usbOut = [];

function padLevel(pin) {
  const g = mcu.gpio[pin];
  if (external.has(pin)) return external.get(pin);
  if (g.outputEnable) return g.outputValue;
  if (g.pullupEnabled) return true;
  return false; // pulled down, or floating: reads low
}

function refresh(pin) {
  mcu.gpio[pin].setInputValue(padLevel(pin));
}

function powerOn() {
  sim = new Simulator();
  mcu = sim.rp2040;
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.loadBootrom(bootrom);
  mcu.flash.set(flash);
  flash = mcu.flash; // the chip writes into its own array from now on
  mcu.onBreak = (code) => {
    const r = mcu.core.registers;
    if (code === BKPT_ERASE) {
      flash.fill(0xff, r[0], r[0] + r[1]);
    } else if (code === BKPT_PROGRAM) {
      for (let i = 0; i < r[2]; i++) flash[r[0] + i] &= mcu.readUint8(r[1] + i);
    } else {
      emit('fault', { what: `breakpoint ${code} at 0x${mcu.core.PC.toString(16)}` });
    }
  };
  mcu.gpio.forEach((g, pin) => g.addListener(() => onPin(pin)));
  for (let pin = 0; pin < mcu.gpio.length; pin++) refresh(pin);
  for (const [channel, value] of Object.entries(config.adc || {})) {
    mcu.adc.channelValues[+channel] = value;
  }
  attachPanel();
  attachProbe();
  cdc = new USBCDC(mcu.usbCtrl);
  hostNaks(cdc);
  cdc.onDeviceConnected = () => emit('usb_connected');
  cdc.onSerialData = (data) => emit('usb', { b64: Buffer.from(data).toString('base64') });
  mcu.core.PC = FLASH_BASE;
  emit('power_on');
  sim.execute();
}

// ---- pins: buttons, the panel's control lines, the LED chain ----
let ledBits = [];
let ledRise = 0;
let ledLast = 0;
let ledLevel = false;

function onPin(pin) {
  refresh(pin);
  if (panel && pin === panel.rst) onReset();
  if (pin === ledPin) onLed();
}

function onLed() {
  const level = mcu.gpio[ledPin].outputValue;
  if (level === ledLevel) return;
  const t = sim.clock.nanos;
  if (level) {
    ledRise = t;
  } else {
    ledBits.push(t - ledRise > 600 ? 1 : 0); // WS2812B: T0H 0.4 us, T1H 0.8 us
  }
  ledLevel = level;
  ledLast = t;
}

function latchLeds() {
  // low for 50 us latches the chain (checked as time passes: nothing to do until then)
  if (ledLevel || sim.clock.nanos - ledLast < 50000 || ledBits.length === 0) return;
  const bytes = [];
  for (let i = 0; i + 8 <= ledBits.length; i += 8) {
    let b = 0;
    for (let k = 0; k < 8; k++) b = (b << 1) | ledBits[i + k];
    bytes.push(b);
  }
  emit('leds', { grb: Buffer.from(bytes).toString('hex'), bits: ledBits.length });
  ledBits = [];
}

// ---- the display: SPI transfers, BUSY ----
let transfer = []; // bytes of the transfer in progress
let transferDc = null;
let busyAlarm = null;

function setBusy(on) {
  external.set(panel.busy, on === !!panel.busy_level);
  refresh(panel.busy);
}

function startWork(us) {
  setBusy(true);
  emit('busy', { level: 1 });
  if (panel.stuck) return;
  busyAlarm.schedule(us * 1000);
}

function flushTransfer() {
  if (transfer.length) {
    emit('spi', { dc: transferDc ? 1 : 0, hex: Buffer.from(transfer).toString('hex') });
    transfer = [];
  }
}

let rstLevel = true;
function onReset() {
  // RST low resets the controller; BUSY stays up while it comes back
  const level = mcu.gpio[panel.rst].outputEnable && mcu.gpio[panel.rst].outputValue;
  if (level === rstLevel) return;
  rstLevel = level;
  if (!level) {
    flushTransfer();
    emit('panel_reset');
  } else {
    startWork(panel.reset_us);
  }
}

function attachPanel() {
  if (!panel) return;
  busyAlarm = sim.clock.createAlarm(() => {
    setBusy(false);
    emit('busy', { level: 0 });
  });
  setBusy(false);
  const spi = mcu.spi[panel.spi];
  const done = sim.clock.createAlarm(() => spi.completeTransmit(0));
  spi.onTransmit = (value) => {
    const dc = mcu.gpio[panel.dc].outputValue;
    const selected = !mcu.gpio[panel.cs].outputValue;
    if (selected) {
      if (transfer.length && dc !== transferDc) flushTransfer();
      transferDc = dc;
      transfer.push(value);
      if (!dc && (value === 0x20 || value === 0x12)) {
        flushTransfer(); // the command is on the bus before BUSY rises
        startWork(value === 0x20 ? panel.busy_us : panel.reset_us); // activation, reset
      }
    }
    const hz = spi.clockFrequency || 1000000;
    done.schedule(Math.max(1, Math.round((8 * 1e9) / hz))); // 8 bit times
  };
  mcu.gpio[panel.cs].addListener(() => {
    if (mcu.gpio[panel.cs].outputValue) flushTransfer(); // CS up ends a transfer
  });
}

// ---- USB: a host answers an OUT transfer only when it has data ----
// rp2040js's CDC host completes every read the device arms at once, empty when it has
// nothing to send: the device then takes an interrupt per empty packet and never sleeps,
// ten times slower than a board. A real host NAKs (the controller retries unseen) until
// it has data: the read waits here until then.
let pendingRead = null;
function hostNaks(cdc) {
  const answer = mcu.usbCtrl.onEndpointRead;
  mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
    if (endpoint === cdc.outEndpoint && cdc.txFIFO.empty) {
      pendingRead = { answer, endpoint, size };
    } else {
      answer(endpoint, size);
    }
  };
}

function sendUsb() {
  while (usbOut.length && cdc && !cdc.txFIFO.full) cdc.sendSerialByte(usbOut.shift());
  if (pendingRead && !cdc.txFIFO.empty) {
    const { answer, endpoint, size } = pendingRead;
    pendingRead = null;
    answer(endpoint, size);
  }
}

// ---- SPI0: the probe's lines ----
let probeLine = '';
let ping = 0; // what the bus answers the probe with: the host's last ping
function attachProbe() {
  const spi = mcu.spi[0];
  const done = sim.clock.createAlarm(() => spi.completeTransmit(ping));
  spi.onTransmit = (b) => {
    if (b === 10) {
      emit('probe', { line: probeLine });
      probeLine = '';
    } else if (b !== 0) {
      probeLine += String.fromCharCode(b); // (a 0 is the probe's look at the ping)
    }
    done.schedule(Math.max(1, Math.round((8 * 1e9) / (spi.clockFrequency || 1000000))));
  };
}

// ---- the host's commands ----
function command(msg) {
  switch (msg.op) {
    case 'ping': // the probe reports with this ping at its next look (firmware/probe.py)
      ping = msg.value & 0xff;
      break;
    case 'stuck': // the panel never ends its work (a missing or broken panel)
      panel.stuck = !!msg.on;
      break;
    case 'drive': // a level driven from outside (null: let go), for `us` if given
      drive(msg.pin, msg.level);
      emit('driven', { pin: msg.pin, level: msg.level ?? null });
      if (msg.us) {
        sim.clock.createAlarm(() => {
          drive(msg.pin, null);
          emit('done', { id: msg.id });
        }).schedule(msg.us * 1000);
      }
      break;
    case 'adc':
      mcu.adc.channelValues[msg.channel] = msg.value;
      break;
    case 'usb':
      for (const b of Buffer.from(msg.b64, 'base64')) usbOut.push(b);
      sendUsb();
      break;
    case 'after': // an answer `us` of emulated time from now
      sim.clock.createAlarm(() => emit('done', { id: msg.id })).schedule(msg.us * 1000);
      break;
    case 'time':
      emit('done', { id: msg.id });
      break;
    case 'save_flash':
      fs.writeFileSync(msg.path, flash);
      emit('done', { id: msg.id });
      break;
    case 'power_cut':
      sim.stop();
      transfer = [];
      probeLine = '';
      ledBits = [];
      usbOut.length = 0;
      pendingRead = null;
      powerOn();
      break;
    case 'quit':
      process.exit(0);
      break;
    default:
      emit('error', { what: 'no command ' + msg.op });
  }
}

function drive(pin, level) {
  if (level === null || level === undefined) external.delete(pin);
  else external.set(pin, !!level);
  refresh(pin);
}

// Bytes to the device go as the USB host's FIFO takes them; the LED chain latches.
setInterval(() => {
  sendUsb();
  if (ledPin !== null && mcu) latchLeds();
}, 1);

flash = new Uint8Array(2 * 1024 * 1024).fill(0xff);
if (arg('--flash')) flash.set(fs.readFileSync(arg('--flash')));
loadUf2(flash, arg('--image'));
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim()) command(JSON.parse(line));
});
process.stdin.on('end', () => process.exit(0));
powerOn();
