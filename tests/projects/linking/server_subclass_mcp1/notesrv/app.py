from .server import NotesServer

server = NotesServer()
