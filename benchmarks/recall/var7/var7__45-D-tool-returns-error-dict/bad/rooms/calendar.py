from dataclasses import dataclass
from datetime import datetime, timedelta


class Conflict(Exception):
    pass


@dataclass
class Slot:
    id: str
    room: str
    start: datetime
    end: datetime


class Calendar:
    def __init__(self, rooms: set[str]) -> None:
        self.rooms = rooms
        self.slots: list[Slot] = []

    async def reserve(self, room: str, start: datetime, hours: int) -> Slot:
        if room not in self.rooms:
            raise ValueError(f"unknown room {room!r}")
        end = start + timedelta(hours=hours)
        if any(s.room == room and s.start < end and start < s.end for s in self.slots):
            raise Conflict(f"{room} is already booked")
        slot = Slot(f"r{len(self.slots) + 1}", room, start, end)
        self.slots.append(slot)
        return slot
