from openai import OpenAI


def main():
    client = OpenAI(
        base_url="http://localhost:8000/v1",
        api_key="token-abc123",
    )

    completion = client.chat.completions.create(
        model="NousResearch/Meta-Llama-3-8B-Instruct",
        messages=[{"role": "user", "content": "Hello!"}],
    )

    print(completion.choices[0].message)


if __name__ == "__main__":
    main()
