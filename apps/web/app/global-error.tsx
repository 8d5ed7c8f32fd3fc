'use client';

export default function GlobalError() {
  return (
    <html lang="en">
      <body>
        <main style={{ padding: 32, fontFamily: 'system-ui, sans-serif' }}>
          <h1>Error</h1>
          <p>500 - An unexpected error occurred</p>
          <a href="/">Go back home</a>
        </main>
      </body>
    </html>
  );
}
